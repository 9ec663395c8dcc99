package io.asrwb.engine.audio.io;

import be.tarsos.dsp.AudioEvent;
import be.tarsos.dsp.WaveformSimilarityBasedOverlapAdd;
import be.tarsos.dsp.WaveformSimilarityBasedOverlapAdd.Parameters;
import be.tarsos.dsp.io.TarsosDSPAudioFormat;
import io.asrwb.engine.audio.PcmAudio;
import java.util.Arrays;

/**
 * Slows speech down without lowering its pitch, for transcribers: TarsosDSP's WSOLA (waveform
 * similarity overlap-add) with its speech settings. It lives in audio.io because WSOLA speaks
 * TarsosDSP's audio-event types (its {@code TarsosDSPAudioFormat}), which stay in this package.
 *
 * <p>The whole clip is stretched at once (clips are seconds long); WSOLA is driven frame by frame
 * here rather than through an {@code AudioDispatcher}, so no stream or byte conversion is involved.
 */
public final class TimeStretch {

    /** Slowest and fastest speeds offered: below half speed WSOLA's repeated pieces get audible. */
    public static final double MIN_SPEED = 0.5;

    public static final double MAX_SPEED = 1.0;

    private TimeStretch() {}

    /**
     * Returns {@code audio} played at {@code speed} (0.5 = twice as long), same pitch and rate; the
     * clip itself when {@code speed} is 1.
     *
     * @throws IllegalArgumentException when the speed is outside [{@value #MIN_SPEED}, {@value
     *     #MAX_SPEED}]
     */
    public static PcmAudio atSpeed(PcmAudio audio, double speed) {
        if (!(speed >= MIN_SPEED && speed <= MAX_SPEED)) {
            throw new IllegalArgumentException(
                    "playback speed must be between "
                            + MIN_SPEED
                            + " and "
                            + MAX_SPEED
                            + ", got "
                            + speed);
        }
        if (speed == MAX_SPEED || audio.samples().length == 0) {
            return audio;
        }
        int rate = audio.sampleRate();
        WaveformSimilarityBasedOverlapAdd wsola =
                new WaveformSimilarityBasedOverlapAdd(Parameters.speechDefaults(speed, rate));
        int window = wsola.getInputBufferSize();
        int hop = window - wsola.getOverlap();
        float[] in = audio.samples();
        int expected = (int) Math.round(in.length / speed);
        // Zero padding past the end lets the last hop still see a full window.
        float[] padded = Arrays.copyOf(in, in.length + window);
        float[] out = new float[expected + 2 * window];
        int written = 0;
        AudioEvent event = new AudioEvent(new TarsosDSPAudioFormat(rate, 16, 1, true, false));
        for (int pos = 0; pos < in.length && written < expected; pos += hop) {
            event.setFloatBuffer(Arrays.copyOfRange(padded, pos, pos + window));
            wsola.process(event);
            float[] piece = event.getFloatBuffer();
            int n = Math.min(piece.length, out.length - written);
            System.arraycopy(piece, 0, out, written, n);
            written += n;
        }
        return new PcmAudio(Arrays.copyOf(out, Math.min(written, expected)), rate);
    }
}
