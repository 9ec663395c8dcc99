package io.asrwb.engine.decode;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The single most probable frame alignment (Viterbi) of a known labelling: where each label lies
 * in time. Beam search finds a labelling summed over all its alignments; this places it.
 */
public final class CtcAlignment {

    private CtcAlignment() {}

    /**
     * Spans of each label of {@code labelling} in its best alignment over the first {@code frames}
     * rows. The labelling must be feasible (frames ≥ its length plus its repeated neighbours).
     */
    public static List<LabelSpan> align(float[][] logProbabilities, int frames, int[] labelling) {
        return best(logProbabilities, frames, labelling, false);
    }

    /**
     * The best alignment of a prefix of {@code labelling} over the first {@code frames} rows: the
     * path may stop at any label, so a text longer than the audio holds is placed as far as the
     * audio goes. Returns the spans of the labels the path reached (possibly none).
     */
    public static List<LabelSpan> alignPrefix(
            float[][] logProbabilities, int frames, int[] labelling) {
        return best(logProbabilities, frames, labelling, true);
    }

    private static List<LabelSpan> best(
            float[][] logProbabilities, int frames, int[] labelling, boolean openEnd) {
        if (labelling.length == 0 || frames == 0) {
            return List.of();
        }
        // States: blank, l1, blank, l2, …, lL, blank (2L + 1), as in the CTC forward pass.
        int states = 2 * labelling.length + 1;
        double[] score = new double[states];
        double[] next = new double[states];
        // step[t][s]: how many states back the best predecessor of s at frame t lies (0, 1 or 2).
        byte[][] step = new byte[frames][states];
        Arrays.fill(score, Double.NEGATIVE_INFINITY);
        score[0] = logProbabilities[0][CtcLabels.BLANK];
        score[1] = logProbabilities[0][labelling[0]];
        for (int t = 1; t < frames; t++) {
            for (int s = 0; s < states; s++) {
                int label = s % 2 == 0 ? CtcLabels.BLANK : labelling[s / 2];
                double best = score[s];
                byte from = 0;
                if (s >= 1 && score[s - 1] > best) {
                    best = score[s - 1];
                    from = 1;
                }
                // A label may follow the previous label directly unless the two are the same.
                if (s >= 2
                        && s % 2 == 1
                        && labelling[s / 2] != labelling[s / 2 - 1]
                        && score[s - 2] > best) {
                    best = score[s - 2];
                    from = 2;
                }
                next[s] = best + logProbabilities[t][label];
                step[t][s] = from;
            }
            double[] swap = score;
            score = next;
            next = swap;
        }
        int s = score[states - 1] >= score[states - 2] ? states - 1 : states - 2;
        if (openEnd) {
            for (int i = 0; i < states; i++) {
                s = score[i] > score[s] ? i : s;
            }
        }
        int finalState = s;
        int[] stateAt = new int[frames];
        for (int t = frames - 1; t >= 0; t--) {
            stateAt[t] = s;
            s -= step[t][s];
        }
        List<LabelSpan> spans = new ArrayList<>(labelling.length);
        int[] first = new int[labelling.length];
        int[] last = new int[labelling.length];
        Arrays.fill(first, -1);
        for (int t = 0; t < frames; t++) {
            if (stateAt[t] % 2 == 1) {
                int i = stateAt[t] / 2;
                if (first[i] < 0) {
                    first[i] = t;
                }
                last[i] = t;
            }
        }
        int reached = labelling.length;
        if (openEnd) {
            reached = (finalState + 1) / 2; // the final state's label and every one before it
        }
        for (int i = 0; i < reached; i++) {
            if (first[i] < 0) {
                throw new IllegalStateException(
                        "label "
                                + i
                                + " of the labelling has no frame: "
                                + frames
                                + " frames cannot hold "
                                + labelling.length
                                + " labels");
            }
            spans.add(new LabelSpan(labelling[i], first[i], last[i]));
        }
        return spans;
    }
}
