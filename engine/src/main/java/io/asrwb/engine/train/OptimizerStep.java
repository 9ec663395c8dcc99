package io.asrwb.engine.train;

import io.asrwb.engine.model.loss.CtcRejection;
import io.asrwb.engine.model.loss.LossCtc;
import java.util.List;
import org.deeplearning4j.nn.gradient.Gradient;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.deeplearning4j.nn.workspace.LayerWorkspaceMgr;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * One training step done by hand rather than through {@code ComputationGraph.fit}, so that the
 * gradient can be checked and clipped before the updater sees it: forward and backward, then if
 * the loss and gradient are finite, clip the global gradient norm, let the updater (Adam, SGD,
 * weight decay; learning rate from the step) turn it into an update, and apply it. A non-finite
 * batch leaves parameters and updater state untouched.
 */
public final class OptimizerStep {

    /** What one step did. */
    public record Result(
            double loss, boolean applied, double gradientNorm, List<CtcRejection> rejections) {}

    private final double clipNorm;

    public OptimizerStep(double clipNorm) {
        this.clipNorm = clipNorm;
    }

    public Result run(ComputationGraph graph, SpeechBatch batch, long step, int epoch) {
        graph.setInputs(batch.features());
        graph.setLabels(batch.labels());
        graph.setLayerMaskArrays(
                new INDArray[] {batch.featureMask()}, new INDArray[] {batch.outputMask()});
        try {
            graph.computeGradientAndScore();
            List<CtcRejection> rejections = LossCtc.rejectionsOfLastCall();
            double loss = graph.score();
            Gradient gradient = graph.gradient();
            INDArray flat = gradient.gradient();
            double norm = flat.norm2Number().doubleValue();
            if (!Double.isFinite(loss) || !Double.isFinite(norm)) {
                return new Result(loss, false, norm, rejections);
            }
            // the loss's gradient is summed over the batch and the updater divides by B: clip the
            // mean
            double meanNorm = norm / batch.size();
            if (clipNorm > 0 && meanNorm > clipNorm) {
                flat.muli(clipNorm / meanNorm);
            }
            graph.getUpdater()
                    .update(
                            gradient,
                            (int) step,
                            epoch,
                            batch.size(),
                            LayerWorkspaceMgr.noWorkspaces());
            graph.params().subi(flat);
            graph.getConfiguration().setIterationCount((int) step + 1);
            graph.getConfiguration().setEpochCount(epoch);
            return new Result(loss, true, meanNorm, rejections);
        } finally {
            graph.clearLayerMaskArrays();
            graph.clearLayersStates();
        }
    }
}
