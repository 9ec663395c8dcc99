package io.asrwb.engine.model.loss;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.nd4j.common.primitives.Pair;
import org.nd4j.linalg.activations.IActivation;
import org.nd4j.linalg.activations.impl.ActivationIdentity;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.api.ops.impl.transforms.custom.LogSoftMax;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.linalg.lossfunctions.ILossFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Connectionist temporal classification loss as a DL4J loss function, computed by libnd4j's
 * native {@code ctc_loss}/{@code ctc_loss_grad} ops; the blank is class 0.
 *
 * <p><b>Where it goes.</b> On a {@code LossLayer} (not an {@code RnnOutputLayer}, which flattens
 * time into the batch) with {@code Activation.IDENTITY}, fed the network's pre-softmax scores in
 * DL4J's time-series layout {@code [B,K,T]} (NCW). The loss applies the log-softmax over the K
 * classes itself; DL4J's softmax activation would normalise over the last axis, which is time.
 *
 * <p><b>What travels where.</b>
 *
 * <ul>
 *   <li>Labels: {@code [B,S]} label ids 1..K-1, left-aligned, padded with the blank 0 to the
 *       longest transcript in the batch. The padding gives each transcript's length, so no label
 *       mask is needed (and DL4J would hand a label mask to the loss in place of the frame mask).
 *   <li>Frames: the mask the loss receives, {@code [B,T]}, 1 for valid output frames then 0. With
 *       no label mask, DL4J propagates the feature mask through the graph to the output layer, so
 *       the front end's own mask arithmetic (conv strides) decides each utterance's output length.
 *       A null mask means all T frames are valid.
 * </ul>
 *
 * <p><b>Bad utterances.</b> An empty transcript, or one that needs more frames than the utterance
 * has (one per label, plus a blank between equal neighbours), has no finite loss; libnd4j returns
 * ±∞, NaN gradients, or silently truncates the transcript. Such utterances, and any whose loss or
 * gradient comes back non-finite, count as zero loss and zero gradient, and are reported by {@link
 * #rejectionsOfLastCall()}. The optimiser never sees NaN or ∞ from this loss.
 *
 * <p><b>Scale.</b> The score is the sum of the utterances' negative log-likelihoods (divided by B
 * when DL4J asks for an average); the gradient is that of the sum, as DL4J's updater divides by
 * the batch size itself.
 *
 * <p>Stateless apart from the per-thread rejection report, so one instance serves every layer
 * and thread, and it serialises in a graph's JSON configuration as just its class name.
 */
public final class LossCtc implements ILossFunction {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(LossCtc.class);
    private static final ThreadLocal<List<CtcRejection>> LAST_REJECTIONS =
            ThreadLocal.withInitial(List::of);

    /**
     * The utterances left out by the latest computation of this loss on the calling thread (the
     * thread that called {@code fit} or {@code score}); empty when all counted.
     */
    public static List<CtcRejection> rejectionsOfLastCall() {
        return LAST_REJECTIONS.get();
    }

    @Override
    public double computeScore(
            INDArray labels,
            INDArray preOutput,
            IActivation activationFn,
            INDArray mask,
            boolean average) {
        double total =
                computeScoreArray(labels, preOutput, activationFn, mask).sumNumber().doubleValue();
        return average ? total / preOutput.size(0) : total;
    }

    /** Per-utterance negative log-likelihood, {@code [B,1]}; 0 for rejected utterances. */
    @Override
    public INDArray computeScoreArray(
            INDArray labels, INDArray preOutput, IActivation activationFn, INDArray mask) {
        Prepared p = prepare(labels, preOutput, activationFn, mask);
        INDArray losses =
                CtcKernel.losses(
                        p.logProbs,
                        p.targets,
                        p.batch.targetLengths(p.excluded),
                        p.batch.frameLengths());
        double[] values = losses.toDoubleVector();
        for (int b = 0; b < values.length; b++) {
            if (!p.excluded[b] && !Double.isFinite(values[b])) {
                p.rejectNonFinite(b);
            }
        }
        for (CtcRejection r : p.rejected) {
            losses.putScalar(r.example(), 0.0);
        }
        p.publish();
        return losses.reshape(losses.length(), 1);
    }

    /** Gradient of the summed loss with respect to {@code preOutput}, {@code [B,K,T]}. */
    @Override
    public INDArray computeGradient(
            INDArray labels, INDArray preOutput, IActivation activationFn, INDArray mask) {
        Prepared p = prepare(labels, preOutput, activationFn, mask);
        INDArray gradient =
                CtcKernel.gradient(
                        p.logProbs,
                        p.targets,
                        p.batch.targetLengths(p.excluded),
                        p.batch.frameLengths());
        for (int b = 0; b < p.batch.size(); b++) {
            // Each entry lies in [-1, 1], so the sum is finite exactly when every entry is.
            if (!p.excluded[b] && !Double.isFinite(gradient.slice(b).sumNumber().doubleValue())) {
                p.rejectNonFinite(b);
            }
        }
        for (CtcRejection r : p.rejected) {
            gradient.slice(r.example()).assign(0.0);
        }
        p.publish();
        return gradient.permute(0, 2, 1).dup('c');
    }

    @Override
    public Pair<Double, INDArray> computeGradientAndScore(
            INDArray labels,
            INDArray preOutput,
            IActivation activationFn,
            INDArray mask,
            boolean average) {
        return new Pair<>(
                computeScore(labels, preOutput, activationFn, mask, average),
                computeGradient(labels, preOutput, activationFn, mask));
    }

    @Override
    public String name() {
        return "LossCtc";
    }

    @Override
    public String toString() {
        return "LossCtc(blank=" + CtcKernel.BLANK + ")";
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof LossCtc;
    }

    @Override
    public int hashCode() {
        return LossCtc.class.hashCode();
    }

    private static Prepared prepare(
            INDArray labels, INDArray preOutput, IActivation activationFn, INDArray mask) {
        if (!(activationFn instanceof ActivationIdentity)) {
            throw new IllegalStateException(
                    "LossCtc applies the log-softmax over the classes itself: configure its output"
                            + " layer with Activation.IDENTITY, not "
                            + activationFn);
        }
        if (preOutput.rank() != 3) {
            throw new IllegalArgumentException(
                    "LossCtc needs time-series scores [batch, classes, frames], got shape "
                            + Arrays.toString(preOutput.shape())
                            + "; put it on a LossLayer fed by a layer with recurrent (NCW) output,"
                            + " not on an RnnOutputLayer, which flattens time into the batch");
        }
        CtcBatch batch =
                CtcBatch.read(labels, mask, (int) preOutput.size(2), (int) preOutput.size(1));
        if (labels.size(0) != preOutput.size(0)) {
            throw new IllegalArgumentException(
                    "LossCtc: labels have "
                            + labels.size(0)
                            + " rows but the network output has "
                            + preOutput.size(0)
                            + " utterances");
        }
        return new Prepared(batch, logSoftmaxOverClasses(preOutput));
    }

    /** {@code [B,K,T]} scores to batch-major {@code [B,T,K]} log-probabilities, as the op needs. */
    private static INDArray logSoftmaxOverClasses(INDArray preOutput) {
        INDArray batchMajor = preOutput.permute(0, 2, 1).dup('c');
        return Nd4j.exec(new LogSoftMax(batchMajor, 2))[0];
    }

    /** One computation's inputs and its growing list of left-out utterances. */
    private static final class Prepared {
        final CtcBatch batch;
        final INDArray logProbs;
        final INDArray targets;
        final boolean[] excluded;
        final List<CtcRejection> rejected;

        Prepared(CtcBatch batch, INDArray logProbs) {
            this.batch = batch;
            this.logProbs = logProbs;
            this.targets = batch.targetMatrix();
            this.excluded = new boolean[batch.size()];
            this.rejected = new ArrayList<>();
            batch.infeasible().forEach(this::reject);
        }

        void reject(CtcRejection rejection) {
            excluded[rejection.example()] = true;
            rejected.add(rejection);
        }

        void rejectNonFinite(int example) {
            reject(
                    new CtcRejection(
                            example,
                            CtcRejection.Reason.NON_FINITE,
                            batch.transcripts()[example].length,
                            batch.frames()[example],
                            CtcBatch.framesNeeded(batch.transcripts()[example])));
        }

        void publish() {
            List<CtcRejection> report = List.copyOf(rejected);
            LAST_REJECTIONS.set(report);
            if (!report.isEmpty()) {
                LOG.debug(
                        "CTC left out {} of {} utterances: {}",
                        report.size(),
                        batch.size(),
                        report);
            }
        }
    }
}
