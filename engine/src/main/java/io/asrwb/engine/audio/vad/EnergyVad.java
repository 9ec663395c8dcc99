package io.asrwb.engine.audio.vad;

import io.asrwb.engine.audio.PcmAudio;
import java.util.Arrays;
import java.util.List;

/**
 * Speech where a frame's energy stands clearly above the recording's own noise floor: the floor
 * is a low percentile of the frame levels of the whole file, the threshold a fixed margin above
 * it. Adapting to the file is what a fixed dB threshold cannot do: a quiet speaker in a quiet
 * room and a loud one over hum both cut in the pauses.
 *
 * @param marginDb how far above the noise floor speech must be
 * @param floorPercentile which percentile of frame levels is taken as the noise floor
 * @param minThresholdDb the threshold never falls below this (dBFS), so digital silence does not
 *     turn its faint dither into speech
 * @param spans how frame decisions become spans
 */
public record EnergyVad(
        double marginDb, double floorPercentile, double minThresholdDb, FrameSpans spans)
        implements SpeechDetector {

    public static final double FRAME_SECONDS = 0.020;
    public static final double HOP_SECONDS = 0.010;

    public static EnergyVad speechDefaults() {
        return new EnergyVad(12, 10, -55, FrameSpans.speechDefaults());
    }

    @Override
    public String name() {
        return "energy";
    }

    @Override
    public List<SpeechSpan> speechSpans(PcmAudio audio) {
        int rate = audio.sampleRate();
        int frame = (int) Math.round(FRAME_SECONDS * rate);
        int hop = (int) Math.round(HOP_SECONDS * rate);
        float[] s = audio.samples();
        int frames = s.length < frame ? 0 : 1 + (s.length - frame) / hop;
        double[] db = new double[frames];
        for (int f = 0; f < frames; f++) {
            db[f] = levelDb(s, f * hop, frame);
        }
        return spans(db, (double) hop / rate, (double) frame / rate, audio.durationSeconds());
    }

    /**
     * The speech spans from frame levels already measured ({@link FrameLevels}: {@link
     * #FRAME_SECONDS} frames every {@link #HOP_SECONDS}), so a long file's levels can be read as
     * it streams and only they are kept (3 MB an hour).
     */
    public List<SpeechSpan> speechSpans(double[] db, double fileSeconds) {
        return spans(db, HOP_SECONDS, FRAME_SECONDS, fileSeconds);
    }

    private List<SpeechSpan> spans(
            double[] db, double hopSeconds, double frameSeconds, double fileSeconds) {
        double threshold = Math.max(minThresholdDb, percentile(db, floorPercentile) + marginDb);
        boolean[] speech = new boolean[db.length];
        for (int f = 0; f < db.length; f++) {
            speech[f] = db[f] > threshold;
        }
        return spans.spans(speech, hopSeconds, frameSeconds, fileSeconds);
    }

    /** RMS level of a frame in dBFS; -200 for digital silence. */
    static double levelDb(float[] s, int from, int n) {
        double sum = 0;
        for (int i = from; i < from + n; i++) {
            sum += s[i] * s[i];
        }
        return 10 * Math.log10(Math.max(sum / n, 1e-20));
    }

    private static double percentile(double[] values, double p) {
        if (values.length == 0) {
            return -200;
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int i = (int) Math.floor(p / 100 * (sorted.length - 1));
        return sorted[i];
    }
}
