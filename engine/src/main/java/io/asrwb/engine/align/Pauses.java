package io.asrwb.engine.align;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The pauses of a clip: runs of 10 ms blocks quieter than a threshold set from the clip itself
 * (45 dB under its loudest block, and at least 6 dB over its noise floor, the 10th percentile of
 * its blocks), at least {@link #MIN_PAUSE_S} long so a stop consonant's closure inside a word is
 * not taken for one.
 */
final class Pauses {

    static final double MIN_PAUSE_S = 0.12;
    private static final double BLOCK_S = 0.010;
    private static final double BELOW_PEAK_DB = 45;
    private static final double ABOVE_FLOOR_DB = 6;

    private Pauses() {}

    static List<Pause> of(float[] samples, int sampleRate) {
        int block = Math.max(1, (int) Math.round(BLOCK_S * sampleRate));
        int blocks = samples.length / block;
        if (blocks == 0) {
            return List.of();
        }
        double[] db = new double[blocks];
        for (int b = 0; b < blocks; b++) {
            double sum = 0;
            for (int i = b * block; i < (b + 1) * block; i++) {
                sum += samples[i] * samples[i];
            }
            db[b] = 10 * Math.log10(sum / block + 1e-20);
        }
        double[] sorted = db.clone();
        Arrays.sort(sorted);
        double floor = sorted[blocks / 10];
        double threshold = Math.max(sorted[blocks - 1] - BELOW_PEAK_DB, floor + ABOVE_FLOOR_DB);
        List<Pause> out = new ArrayList<>();
        int minBlocks = (int) Math.ceil(MIN_PAUSE_S / BLOCK_S);
        int run = 0;
        for (int b = 0; b <= blocks; b++) {
            if (b < blocks && db[b] < threshold) {
                run++;
                continue;
            }
            if (run >= minBlocks || (run > 0 && (b - run == 0 || b == blocks))) {
                // a quiet start or end of the clip is a pause whatever its length
                out.add(
                        new Pause(
                                (b - run) * block / (double) sampleRate,
                                b * block / (double) sampleRate));
            }
            run = 0;
        }
        return out;
    }
}
