package io.asrwb.engine.model;

import java.util.Random;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * Moves a fresh DS2 graph's lookahead convolution away from the identity it starts as, as training
 * would: with identity taps the frames ahead are read but weigh nothing, so a test of what the
 * lookahead reads could not fail.
 */
public final class LookaheadTaps {

    private LookaheadTaps() {}

    /** Every tap of {@code graph}'s lookahead uniform in [-0.5, 0.5), drawn from {@code seed}. */
    public static void drawAtRandom(ComputationGraph graph, long seed) {
        INDArray taps = graph.getLayer(Ds2Spec.LOOKAHEAD).getParam("W");
        Random random = new Random(seed);
        double[] values = new double[(int) taps.length()];
        for (int i = 0; i < values.length; i++) {
            values[i] = random.nextDouble() - 0.5;
        }
        taps.assign(Nd4j.createFromArray(values).reshape(taps.shape()).castTo(taps.dataType()));
    }
}
