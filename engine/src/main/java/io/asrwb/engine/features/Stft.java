package io.asrwb.engine.features;

/**
 * Short-time Fourier transform as librosa's and torch's {@code stft} compute it: frames of
 * {@code nFft} samples every {@code hopLength}, the window centred in the frame, reflect padding of
 * {@code nFft / 2} samples at both ends when {@code center} is set. The window, FFT plan and
 * twiddles are built once per config; per call only the padded signal and one frame's buffers are
 * allocated. Immutable and thread-safe.
 */
final class Stft {

    /** Receives one frame's spectrum; the arrays are reused for the next frame. */
    @FunctionalInterface
    interface FrameSink {
        void accept(int frame, double[] re, double[] im);
    }

    private final SpectrogramConfig config;
    private final RealFft fft;

    /** Non-zero part of the window and where it starts inside the nFft frame. */
    private final double[] window;

    private final int windowOffset;

    Stft(SpectrogramConfig config) {
        this.config = config;
        this.fft = new RealFft(config.nFft());
        this.window = config.window().coefficients(config.winLength(), config.periodicWindow());
        // torch.stft / librosa centre a shorter window inside the FFT frame
        this.windowOffset = (config.nFft() - config.winLength()) / 2;
    }

    SpectrogramConfig config() {
        return config;
    }

    /** Runs the STFT over {@code samples} and hands each frame's spectrum to {@code sink}. */
    void forEachFrame(float[] samples, FrameSink sink) {
        int frames = config.frameCount(samples.length);
        if (frames == 0) {
            return;
        }
        float[] signal = config.center() ? reflectPad(samples, config.nFft() / 2) : samples;
        int nFft = config.nFft();
        int hop = config.hopLength();
        int bins = config.bins();
        double[] frame = new double[nFft];
        double[] re = new double[bins];
        double[] im = new double[bins];
        RealFft.Workspace ws = fft.newWorkspace();
        for (int f = 0; f < frames; f++) {
            int start = f * hop + windowOffset;
            for (int i = 0; i < window.length; i++) {
                frame[windowOffset + i] = signal[start + i] * window[i];
            }
            fft.forward(frame, re, im, ws);
            sink.accept(f, re, im);
        }
    }

    /**
     * numpy's {@code pad(mode='reflect')}: mirror about the end samples without repeating them,
     * folding again when the pad is longer than the signal (a 1-sample signal repeats itself).
     */
    static float[] reflectPad(float[] samples, int pad) {
        int n = samples.length;
        float[] out = new float[n + 2 * pad];
        System.arraycopy(samples, 0, out, pad, n);
        int period = 2 * (n - 1);
        for (int i = 0; i < pad; i++) {
            out[pad - 1 - i] = samples[reflect(-1 - i, n, period)];
            out[pad + n + i] = samples[reflect(n + i, n, period)];
        }
        return out;
    }

    private static int reflect(int index, int n, int period) {
        if (period == 0) {
            return 0;
        }
        int folded = Math.floorMod(index, period);
        return folded < n ? folded : period - folded;
    }
}
