package io.asrwb.engine.analysis;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The paired bootstrap of a corpus WER difference (Koehn 2004; Bisani and Ney 2004): resample the
 * utterances with replacement, recompute both corpus WERs on each resample (errors summed, divided
 * once), and read the confidence interval of B − A off the percentiles. Pairing (the same
 * utterances in A and B in every resample) is what makes a small difference on a small test set
 * measurable: the utterances' own difficulty cancels.
 */
public final class PairedBootstrap {

    private PairedBootstrap() {}

    /**
     * @param errorsA word errors of A per utterance
     * @param errorsB word errors of B on the same utterances, same order
     * @param words   reference words per utterance
     * @param level   confidence level, e.g. 0.95
     */
    public static BootstrapResult of(
            int[] errorsA, int[] errorsB, int[] words, int resamples, long seed, double level) {
        int n = words.length;
        if (errorsA.length != n || errorsB.length != n) {
            throw new IllegalArgumentException(
                    "A, B and the word counts must cover the same utterances: "
                            + errorsA.length
                            + ", "
                            + errorsB.length
                            + ", "
                            + n);
        }
        if (n == 0 || resamples < 1 || !(level > 0 && level < 1)) {
            throw new IllegalArgumentException(
                    "needs utterances, resamples >= 1 and 0 < level < 1");
        }
        double observed = wer(errorsB, words) - wer(errorsA, words);
        SplittableRandom random = new SplittableRandom(seed);
        double[] deltas = new double[resamples];
        int bWorse = 0;
        for (int r = 0; r < resamples; r++) {
            long a = 0;
            long b = 0;
            long w = 0;
            for (int k = 0; k < n; k++) {
                int i = random.nextInt(n);
                a += errorsA[i];
                b += errorsB[i];
                w += words[i];
            }
            deltas[r] = w == 0 ? 0 : (double) (b - a) / w;
            bWorse += deltas[r] > 0 ? 1 : 0;
        }
        Arrays.sort(deltas);
        double tail = (1 - level) / 2;
        return new BootstrapResult(
                observed,
                percentile(deltas, tail),
                percentile(deltas, 1 - tail),
                level,
                resamples,
                seed,
                (double) bWorse / resamples);
    }

    /** Corpus WER of per-utterance errors and reference words: summed, divided once. */
    public static double wer(int[] errors, int[] words) {
        long e = 0;
        long w = 0;
        for (int i = 0; i < words.length; i++) {
            e += errors[i];
            w += words[i];
        }
        return w == 0 ? Double.NaN : (double) e / w;
    }

    /** Nearest-rank percentile of sorted values. */
    private static double percentile(double[] sorted, double q) {
        int rank = (int) Math.ceil(q * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank))];
    }
}
