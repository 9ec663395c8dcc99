package io.asrwb.engine.train;

import io.asrwb.engine.data.batching.Featurized;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Featurised utterances of falling lengths (so masks and padding take part), random values. */
final class RandomUtterances {

    private RandomUtterances() {}

    /**
     * {@code count} utterances, the first {@code frames} long and each next {@code shorter}
     * frames less, N(0,1) features of {@code bins}, labels {@code labelsFrom + u} long in
     * {@code [1, classes)}.
     */
    static List<Featurized.Ready> of(
            long seed, int count, int frames, int shorter, int bins, int classes, int labelsFrom) {
        Random random = new Random(seed);
        List<Featurized.Ready> ready = new ArrayList<>();
        for (int u = 0; u < count; u++) {
            int length = frames - shorter * u;
            float[][] features = new float[length][bins];
            for (float[] frame : features) {
                for (int f = 0; f < bins; f++) {
                    frame[f] = (float) random.nextGaussian();
                }
            }
            int[] labels = new int[labelsFrom + u];
            for (int s = 0; s < labels.length; s++) {
                labels[s] = 1 + random.nextInt(classes - 1);
            }
            ready.add(new Featurized.Ready("u" + u, features, labels, length * 0.01));
        }
        return ready;
    }
}
