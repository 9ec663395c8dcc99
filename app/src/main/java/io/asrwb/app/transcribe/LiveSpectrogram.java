package io.asrwb.app.transcribe;

import io.asrwb.app.spectrogram.ColourMap;
import io.asrwb.engine.features.LogSpectrogram;
import io.asrwb.engine.features.SpectrogramConfig;
import io.asrwb.engine.features.WindowKind;
import java.util.Arrays;

/**
 * A scrolling picture of the last few seconds of the microphone, 0–8 kHz whatever the device's
 * rate: chunks go in on the capture thread, snapshots come out for the FX thread. Frames are not
 * centred, so the samples left over after each chunk carry into the next and no frame is lost.
 */
final class LiveSpectrogram {

    /** Pixels across: 10 ms per column, so about three seconds. */
    static final int WIDTH = 300;

    /** Pixels high, 0 to 8 kHz. */
    static final int HEIGHT = 128;

    private static final double TOP_HZ = 8_000;
    private static final double LOW_DB = -30;
    private static final double HIGH_DB = 40;

    private final int[] argb = new int[WIDTH * HEIGHT];
    private int rate;
    private LogSpectrogram extractor;
    private SpectrogramConfig config;
    private float[] pending = new float[0];
    private int[] rowToBin;

    LiveSpectrogram() {
        clear();
    }

    synchronized void clear() {
        Arrays.fill(argb, ColourMap.argb(0));
        pending = new float[0];
    }

    /** Appends a chunk of mono samples at {@code sampleRate}. */
    synchronized void add(float[] samples, int sampleRate) {
        if (sampleRate != rate) {
            configure(sampleRate);
        }
        float[] all = Arrays.copyOf(pending, pending.length + samples.length);
        System.arraycopy(samples, 0, all, pending.length, samples.length);
        float[][] frames = extractor.extract(all);
        for (float[] frame : frames) {
            scrollIn(frame);
        }
        int consumed = frames.length * config.hopLength();
        pending = Arrays.copyOfRange(all, Math.min(consumed, all.length), all.length);
    }

    synchronized LiveSpectrogramImage snapshot() {
        return new LiveSpectrogramImage(argb.clone(), WIDTH, HEIGHT);
    }

    private void configure(int sampleRate) {
        rate = sampleRate;
        int window = Math.max(16, Math.round(sampleRate * 0.016f)); // 16 ms: 256 samples at 16 kHz
        config =
                new SpectrogramConfig(
                        sampleRate,
                        window,
                        window,
                        sampleRate / 100,
                        WindowKind.HAMMING,
                        true,
                        false);
        extractor = new LogSpectrogram(config);
        rowToBin = new int[HEIGHT];
        double hzPerBin = (double) sampleRate / window;
        for (int row = 0; row < HEIGHT; row++) {
            double hz = (1 - (row + 0.5) / HEIGHT) * Math.min(TOP_HZ, sampleRate / 2.0);
            rowToBin[row] = Math.min(config.bins() - 1, (int) Math.round(hz / hzPerBin));
        }
        pending = new float[0];
    }

    private void scrollIn(float[] frame) {
        for (int row = 0; row < HEIGHT; row++) {
            int at = row * WIDTH;
            System.arraycopy(argb, at + 1, argb, at, WIDTH - 1);
            double magnitude =
                    Math.expm1(frame[rowToBin[row]]); // LogSpectrogram holds log(1 + |X|)
            double db = 20 * Math.log10(Math.max(magnitude, 1e-10));
            argb[at + WIDTH - 1] = ColourMap.argb(ColourMap.level(db, LOW_DB, HIGH_DB));
        }
    }
}
