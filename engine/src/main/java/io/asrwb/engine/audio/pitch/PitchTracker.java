package io.asrwb.engine.audio.pitch;

import be.tarsos.dsp.pitch.PitchDetectionResult;
import be.tarsos.dsp.pitch.Yin;
import io.asrwb.engine.audio.PcmAudio;
import java.util.ArrayList;
import java.util.List;

/**
 * Tracks the fundamental frequency of speech with TarsosDSP's YIN, as Praat's pitch tier shows
 * it: 10 ms hops over a window long enough for two periods of the lowest voice.
 *
 * <p>YIN alone calls some noise and near-silence "pitched" at random lags, so a frame also has to
 * carry energy (RMS above {@code minRms}) and land in the speech range; Praat gates the same way
 * with its silence and voicing thresholds.
 */
public final class PitchTracker {

    /** Lowest and highest fundamental we report: Praat's defaults for speech are 75-600 Hz. */
    public static final double MIN_HZ = 60;

    public static final double MAX_HZ = 600;

    private static final double HOP_SECONDS = 0.010;
    private static final double MIN_RMS = 0.01;
    private static final double MIN_PROBABILITY = 0.5;

    private final double minHz;
    private final double maxHz;

    public PitchTracker() {
        this(MIN_HZ, MAX_HZ);
    }

    public PitchTracker(double minHz, double maxHz) {
        if (!(minHz > 0 && maxHz > minHz)) {
            throw new IllegalArgumentException(
                    "pitch range must be 0 < min < max, got " + minHz + "-" + maxHz + " Hz");
        }
        this.minHz = minHz;
        this.maxHz = maxHz;
    }

    public PitchTrack track(PcmAudio audio) {
        int rate = audio.sampleRate();
        int window = windowSize(rate);
        int hop = Math.max(1, (int) Math.round(HOP_SECONDS * rate));
        Yin yin = new Yin(rate, window);
        float[] samples = audio.samples();
        float[] frame = new float[window];
        List<PitchFrame> frames = new ArrayList<>();
        for (int start = 0; start + window <= samples.length; start += hop) {
            System.arraycopy(samples, start, frame, 0, window);
            double time = (start + window / 2.0) / rate;
            frames.add(estimate(yin, frame, time));
        }
        return new PitchTrack(frames, (double) hop / rate);
    }

    private PitchFrame estimate(Yin yin, float[] frame, double time) {
        if (rms(frame) < MIN_RMS) {
            return unvoiced(time);
        }
        PitchDetectionResult r = yin.getPitch(frame);
        double hz = r.getPitch();
        if (!r.isPitched() || hz < minHz || hz > maxHz || r.getProbability() < MIN_PROBABILITY) {
            return unvoiced(time);
        }
        return new PitchFrame(time, hz, r.getProbability());
    }

    /**
     * YIN searches lags up to half the window, so half the window must hold a period of the lowest
     * pitch with room to spare; a power of two, as short as that allows, so glides stay sharp.
     */
    private int windowSize(int rate) {
        int needed = (int) Math.ceil(2.5 * rate / minHz);
        return Integer.highestOneBit(needed - 1) << 1;
    }

    private static PitchFrame unvoiced(double time) {
        return new PitchFrame(time, Double.NaN, 0);
    }

    private static double rms(float[] frame) {
        double sum = 0;
        for (float v : frame) {
            sum += v * v;
        }
        return Math.sqrt(sum / frame.length);
    }
}
