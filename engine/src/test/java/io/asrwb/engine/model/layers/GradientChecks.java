package io.asrwb.engine.model.layers;

import org.deeplearning4j.gradientcheck.GradientCheckUtil;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.dataset.MultiDataSet;
import org.nd4j.linalg.factory.Nd4j;

/** DL4J's finite-difference gradient check as our layer tests run it, and the precision it needs. */
final class GradientChecks {

    private GradientChecks() {}

    /**
     * Whether {@code graph}'s gradients on {@code batch} (masks included) match finite differences,
     * for up to {@code maxPerParam} entries of every parameter array (to keep the test fast).
     */
    static boolean pass(ComputationGraph graph, MultiDataSet batch, int maxPerParam) {
        return GradientCheckUtil.checkGradients(
                new GradientCheckUtil.GraphConfig()
                        .net(graph)
                        .inputs(batch.getFeatures())
                        .labels(batch.getLabels())
                        .inputMask(batch.getFeaturesMaskArrays())
                        .labelMask(batch.getLabelsMaskArrays())
                        .epsilon(1e-6)
                        .maxRelError(1e-5)
                        .minAbsoluteError(1e-9)
                        .print(GradientCheckUtil.PrintMode.FAILURES_ONLY)
                        .exitOnFirstError(false)
                        .subset(true)
                        .maxPerParam(maxPerParam));
    }

    /**
     * ND4J's default type double until closed (GradientCheckUtil refuses to run otherwise), and
     * small ops on one thread: thousands of forward passes on tiny arrays, where threads only add
     * waiting on a busy machine.
     */
    static AutoCloseable doublePrecision() {
        DataType previous = Nd4j.defaultFloatingPointType();
        Nd4j.setDefaultDataTypes(DataType.DOUBLE, DataType.DOUBLE);
        SmallOpThreads oneThread = SmallOpThreads.open();
        return () -> {
            oneThread.close();
            Nd4j.setDefaultDataTypes(previous, previous);
        };
    }
}
