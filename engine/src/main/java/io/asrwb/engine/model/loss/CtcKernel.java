package io.asrwb.engine.model.loss;

import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.api.ops.DynamicCustomOp;
import org.nd4j.linalg.factory.Nd4j;

/**
 * Calls libnd4j's native {@code ctc_loss} and {@code ctc_loss_grad} ops directly.
 *
 * <p>ND4J's Java wrappers for these ops ({@code CtcLoss}, {@code CtcLossBp}) pass no blank index
 * and fail in 1.0.0-M2.1, so the ops are built by name here. The contract, checked by {@code
 * LibNd4jCtcOpTest}:
 *
 * <ul>
 *   <li>{@code logProbs} is batch-major log-softmax {@code [B,T,K]}; raw logits give wrong
 *       results without any error.
 *   <li>the gradient is with respect to the logits <em>before</em> the log-softmax;
 *   <li>the op never writes frames at or past an utterance's input length, so the gradient buffer
 *       is zeroed here first;
 *   <li>the op silently remaps a blank index wider than the label matrix, so only blank 0 is used;
 *   <li>an empty transcript gives −∞; a transcript that needs more frames than it has gives +∞,
 *       unless it has more labels than frames, in which case the op silently truncates it and
 *       returns a finite, wrong value. Callers must screen such examples out ({@link CtcBatch}).
 * </ul>
 */
final class CtcKernel {

    /** The blank class: first in the engine's alphabet, and the only index the op never remaps. */
    static final int BLANK = 0;

    private CtcKernel() {}

    /**
     * Per-utterance negative log-likelihoods.
     *
     * @param logProbs {@code [B,T,K]} log-softmax, float or double
     * @param targets {@code [B,S]} int32 class indices, blank-padded
     * @param targetLengths {@code [B]} int32
     * @param inputLengths {@code [B]} int32
     * @return {@code [B]} in the data type of {@code logProbs}
     */
    static INDArray losses(
            INDArray logProbs, INDArray targets, INDArray targetLengths, INDArray inputLengths) {
        INDArray losses = Nd4j.create(logProbs.dataType(), logProbs.size(0));
        Nd4j.exec(
                DynamicCustomOp.builder("ctc_loss")
                        .addInputs(targets, logProbs, targetLengths, inputLengths)
                        .addOutputs(losses)
                        .addIntegerArguments(BLANK)
                        .build());
        return losses;
    }

    /**
     * Gradient of the summed losses with respect to the pre-softmax logits; zero past each input
     * length.
     *
     * @return {@code [B,T,K]} in the data type of {@code logProbs}
     */
    static INDArray gradient(
            INDArray logProbs, INDArray targets, INDArray targetLengths, INDArray inputLengths) {
        INDArray gradient = Nd4j.zeros(logProbs.dataType(), logProbs.shape());
        Nd4j.exec(
                DynamicCustomOp.builder("ctc_loss_grad")
                        .addInputs(targets, logProbs, targetLengths, inputLengths)
                        .addOutputs(gradient)
                        .addIntegerArguments(BLANK)
                        .build());
        return gradient;
    }

    static INDArray ints(int... values) {
        return Nd4j.createFromArray(values).castTo(DataType.INT32);
    }
}
