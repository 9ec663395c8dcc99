package io.asrwb.engine.train;

import io.asrwb.engine.model.loss.CtcRejection;
import io.asrwb.engine.model.loss.LossCtc;
import java.util.ArrayList;
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
 *
 * <p>With gradient accumulation ({@link #run(ComputationGraph, List, long, int)}) the step is one
 * over a group of batches: their summed gradients (the loss's gradient is a sum over utterances) go
 * to the updater once, divided by the group's utterances, which is the step of one batch holding
 * them all, except that batch norm takes each batch's own statistics (as PyTorch's accumulation
 * does). A group with one non-finite batch is skipped as a whole.
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
        Backward b = backward(graph, batch);
        if (!b.finite()) {
            return new Result(b.loss(), false, b.norm(), b.rejections());
        }
        double meanNorm = apply(graph, graph.gradient(), b.norm(), batch.size(), step, epoch);
        return new Result(b.loss(), true, meanNorm, b.rejections());
    }

    /**
     * One step over {@code group}: each batch's forward and backward, the gradients summed, then one
     * update for all their utterances. {@link Result#loss()} is the utterance-weighted mean of the
     * batches' losses; a rejection's example is its row counted across the group (batch after
     * batch). One batch is {@link #run(ComputationGraph, SpeechBatch, long, int)} exactly.
     */
    public Result run(ComputationGraph graph, List<SpeechBatch> group, long step, int epoch) {
        if (group.size() == 1) {
            return run(graph, group.get(0), step, epoch);
        }
        // the gradient view is the graph's buffer, which the next backward overwrites
        INDArray sum = null;
        List<CtcRejection> rejections = new ArrayList<>();
        double lossTimesUtterances = 0;
        int utterances = 0;
        try {
            for (SpeechBatch batch : group) {
                Backward b = backward(graph, batch);
                for (CtcRejection r : b.rejections()) {
                    rejections.add(
                            new CtcRejection(
                                    utterances + r.example(), r.reason(), r.labels(), r.frames()));
                }
                if (!b.finite()) {
                    return new Result(b.loss(), false, b.norm(), rejections);
                }
                INDArray flat = graph.gradient().gradient();
                if (sum == null) {
                    sum = flat.dup();
                } else {
                    sum.addi(flat);
                }
                lossTimesUtterances += b.loss() * batch.size();
                utterances += batch.size();
            }
            Gradient gradient = graph.gradient();
            gradient.gradient().assign(sum);
            double norm = sum.norm2Number().doubleValue();
            double meanNorm = apply(graph, gradient, norm, utterances, step, epoch);
            return new Result(lossTimesUtterances / utterances, true, meanNorm, rejections);
        } finally {
            if (sum != null) {
                sum.close();
            }
        }
    }

    /** A batch's loss, the norm of its gradient (left in the graph's buffer) and CTC's rejections. */
    private record Backward(double loss, double norm, List<CtcRejection> rejections) {
        boolean finite() {
            return Double.isFinite(loss) && Double.isFinite(norm);
        }
    }

    /** Forward and backward of {@code batch}; its masks and layer states are cleared after. */
    private static Backward backward(ComputationGraph graph, SpeechBatch batch) {
        graph.setInputs(batch.features());
        graph.setLabels(batch.labels());
        graph.setLayerMaskArrays(
                new INDArray[] {batch.featureMask()}, new INDArray[] {batch.outputMask()});
        try {
            graph.computeGradientAndScore();
            List<CtcRejection> rejections = LossCtc.rejectionsOfLastCall();
            double loss = graph.score();
            double norm = graph.gradient().gradient().norm2Number().doubleValue();
            return new Backward(loss, norm, rejections);
        } finally {
            graph.clearLayerMaskArrays();
            graph.clearLayersStates();
        }
    }

    /**
     * Clips, updates and applies the gradient in the graph's buffer; returns the mean norm. The
     * loss's gradient is summed over the batch and the updater divides by the utterances: clip the
     * mean.
     */
    private double apply(
            ComputationGraph graph,
            Gradient gradient,
            double norm,
            int utterances,
            long step,
            int epoch) {
        INDArray flat = gradient.gradient();
        double meanNorm = norm / utterances;
        if (clipNorm > 0 && meanNorm > clipNorm) {
            flat.muli(clipNorm / meanNorm);
        }
        graph.getUpdater()
                .update(gradient, (int) step, epoch, utterances, LayerWorkspaceMgr.noWorkspaces());
        graph.params().subi(flat);
        graph.getConfiguration().setIterationCount((int) step + 1);
        graph.getConfiguration().setEpochCount(epoch);
        return meanNorm;
    }
}
