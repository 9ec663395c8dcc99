package io.asrwb.engine.audio.vad;

import be.tarsos.dsp.SilenceDetector;
import io.asrwb.engine.audio.PcmAudio;
import java.util.Arrays;
import java.util.List;

/**
 * Speech wherever TarsosDSP's {@link SilenceDetector} says a frame is not silent: its sound
 * pressure level against one fixed threshold (TarsosDSP's default is -70 dB on its own scale,
 * which divides the root of the frame's energy by the frame length, so it sits lower than dBFS).
 * Frames and smoothing are the energy detector's, so the two differ only in the decision.
 *
 * @param thresholdDb TarsosDSP's silence threshold
 * @param spans how frame decisions become spans
 */
public record TarsosSilenceVad(double thresholdDb, FrameSpans spans) implements SpeechDetector {

    public static TarsosSilenceVad tarsosDefaults() {
        return new TarsosSilenceVad(
                SilenceDetector.DEFAULT_SILENCE_THRESHOLD, FrameSpans.speechDefaults());
    }

    @Override
    public String name() {
        return "tarsos-silence(" + Math.round(thresholdDb) + " dB)";
    }

    @Override
    public List<SpeechSpan> speechSpans(PcmAudio audio) {
        int rate = audio.sampleRate();
        int frame = (int) Math.round(EnergyVad.FRAME_SECONDS * rate);
        int hop = (int) Math.round(EnergyVad.HOP_SECONDS * rate);
        float[] s = audio.samples();
        int frames = s.length < frame ? 0 : 1 + (s.length - frame) / hop;
        SilenceDetector detector = new SilenceDetector(thresholdDb, false);
        boolean[] speech = new boolean[frames];
        for (int f = 0; f < frames; f++) {
            float[] buffer = Arrays.copyOfRange(s, f * hop, f * hop + frame);
            speech[f] = !detector.isSilence(buffer, thresholdDb);
        }
        return spans.spans(
                speech, (double) hop / rate, (double) frame / rate, audio.durationSeconds());
    }
}
