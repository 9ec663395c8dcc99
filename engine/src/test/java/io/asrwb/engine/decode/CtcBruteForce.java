package io.asrwb.engine.decode;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Exact CTC labelling probabilities by enumerating every alignment: only for tiny T and K. */
final class CtcBruteForce {

    private CtcBruteForce() {}

    /** ln P(labelling) for every labelling with non-zero probability. */
    static Map<List<Integer>, Double> labellingLogProbabilities(float[][] logProbs) {
        int frames = logProbs.length;
        int k = logProbs[0].length;
        Map<List<Integer>, Double> probability = new HashMap<>();
        int paths = (int) Math.pow(k, frames);
        for (int code = 0; code < paths; code++) {
            int rest = code;
            double logP = 0;
            List<Integer> labelling = new ArrayList<>();
            int previous = CtcLabels.BLANK;
            for (int t = 0; t < frames; t++) {
                int label = rest % k;
                rest /= k;
                logP += logProbs[t][label];
                if (label != CtcLabels.BLANK && label != previous) {
                    labelling.add(label);
                }
                previous = label;
            }
            probability.merge(List.copyOf(labelling), Math.exp(logP), Double::sum);
        }
        Map<List<Integer>, Double> logs = new HashMap<>();
        probability.forEach((l, p) -> logs.put(l, Math.log(p)));
        return logs;
    }

    static Map.Entry<List<Integer>, Double> best(Map<List<Integer>, Double> logProbabilities) {
        return logProbabilities.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow();
    }

    /** The text a decoder prints for a labelling: words split at spaces, joined by one space. */
    static String text(List<Integer> labelling, CtcLabels labels) {
        StringBuilder b = new StringBuilder();
        for (int label : labelling) {
            b.append(labels.character(label));
        }
        return b.toString().strip().replaceAll(" +", " ");
    }

    /** A matrix of natural-log probabilities from rows of probabilities. */
    static float[][] logOf(double[][] probabilities) {
        float[][] out = new float[probabilities.length][];
        for (int t = 0; t < probabilities.length; t++) {
            out[t] = new float[probabilities[t].length];
            for (int c = 0; c < probabilities[t].length; c++) {
                out[t][c] = (float) Math.log(probabilities[t][c]);
            }
        }
        return out;
    }
}
