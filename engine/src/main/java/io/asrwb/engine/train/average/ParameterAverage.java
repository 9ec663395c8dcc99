package io.asrwb.engine.train.average;

import java.util.List;
import java.util.Map;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * The element-wise mean of every parameter of graphs of one architecture, BatchNorm running
 * statistics included (they are parameters of our batch norm, so they average with the weights).
 * Summed in double and rounded once, so the mean of N equal checkpoints is that checkpoint exactly.
 */
final class ParameterAverage {

    private ParameterAverage() {}

    /** Sets every parameter of {@code target} to the mean of that parameter over {@code members}. */
    static void into(ComputationGraph target, List<ComputationGraph> members) {
        Map<String, INDArray> targetParams = target.paramTable();
        for (Map.Entry<String, INDArray> entry : targetParams.entrySet()) {
            INDArray sum = null;
            for (ComputationGraph member : members) {
                INDArray value = member.getParam(entry.getKey()).castTo(DataType.DOUBLE);
                sum = sum == null ? value.dup() : sum.addi(value);
            }
            INDArray mean = sum.divi(members.size());
            entry.getValue().assign(mean.castTo(entry.getValue().dataType()));
        }
    }
}
