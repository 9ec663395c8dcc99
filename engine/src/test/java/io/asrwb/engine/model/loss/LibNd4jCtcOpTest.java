package io.asrwb.engine.model.loss;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.linalg.indexing.NDArrayIndex;
import org.nd4j.linalg.ops.transforms.Transforms;

/**
 * Pins what libnd4j's {@code ctc_loss}/{@code ctc_loss_grad} do in 1.0.0-M2.1, quirks included,
 * so that a DL4J upgrade that changes them fails here before it changes training.
 */
class LibNd4jCtcOpTest {

    private static final CtcReference REFERENCE = CtcReference.load();

    @Test
    void lossAndGradientMatchPyTorchOnLogSoftmaxInput() {
        for (CtcReference.Case c : REFERENCE.cases()) {
            INDArray logProbs = logSoftmax(c.logitsBtk());

            INDArray losses = CtcKernel.losses(logProbs, targets(c), lengths(c), frames(c));
            INDArray gradient = CtcKernel.gradient(logProbs, targets(c), lengths(c), frames(c));

            assertThat(losses.toDoubleVector())
                    .as(c.name())
                    .containsExactly(c.losses(), within(1e-12));
            assertThat(maxAbsDifference(gradient, c.gradientBtk())).as(c.name()).isLessThan(1e-13);
        }
    }

    @Test
    void rawLogitsGiveWrongLossesWithoutAnyError() {
        CtcReference.Case c = REFERENCE.cases().get(0);

        INDArray losses = CtcKernel.losses(c.logitsBtk(), targets(c), lengths(c), frames(c));

        assertThat(losses.getDouble(0)).isNotCloseTo(c.losses()[0], within(1.0));
    }

    @Test
    void floatInputAndStridedViewsGiveTheSameLosses() {
        CtcReference.Case c = REFERENCE.cases().get(0);
        INDArray logProbs = logSoftmax(c.logitsBtk());
        INDArray stridedView = logProbs.permute(0, 2, 1).dup('c').permute(0, 2, 1);

        INDArray fromFloat =
                CtcKernel.losses(
                        logProbs.castTo(DataType.FLOAT), targets(c), lengths(c), frames(c));
        INDArray fromView = CtcKernel.losses(stridedView, targets(c), lengths(c), frames(c));

        assertThat(fromFloat.toDoubleVector()).containsExactly(c.losses(), within(1e-4));
        assertThat(fromView.toDoubleVector()).containsExactly(c.losses(), within(1e-12));
    }

    @Test
    void emptyTranscriptGivesMinusInfinityAndNoGradient() {
        CtcReference.Case c = REFERENCE.cases().get(0);
        INDArray logProbs = logSoftmax(c.logitsBtk());
        INDArray emptyFirst = CtcKernel.ints(0, 3, 2);

        INDArray losses = CtcKernel.losses(logProbs, targets(c), emptyFirst, frames(c));
        INDArray gradient = CtcKernel.gradient(logProbs, targets(c), emptyFirst, frames(c));

        assertThat(losses.getDouble(0)).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(gradient.slice(0).amaxNumber().doubleValue()).isZero();
    }

    @Test
    void repeatsThatDoNotFitGivePlusInfinityAndNanGradient() {
        CtcReference.Case c = REFERENCE.cases().get(0); // transcript 1 is [4, 4, 4]: needs 5 frames
        INDArray logProbs = logSoftmax(c.logitsBtk());
        INDArray fourFrames = CtcKernel.ints(12, 4, 7);

        INDArray losses = CtcKernel.losses(logProbs, targets(c), lengths(c), fourFrames);
        INDArray gradient = CtcKernel.gradient(logProbs, targets(c), lengths(c), fourFrames);

        assertThat(losses.getDouble(1)).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(gradient.getDouble(1, 0, 0)).isNaN();
        assertThat(
                        gradient.get(
                                        NDArrayIndex.point(1),
                                        NDArrayIndex.interval(4, 12),
                                        NDArrayIndex.all())
                                .amaxNumber()
                                .doubleValue())
                .as("frames past the input length are never written")
                .isZero();
    }

    @Test
    void moreLabelsThanFramesIsSilentlyTruncatedToAFiniteWrongLoss() {
        CtcReference.Case c = REFERENCE.cases().get(0); // transcript 2 is [5, 2]
        INDArray logProbs = logSoftmax(c.logitsBtk());

        INDArray twoLabelsOneFrame =
                CtcKernel.losses(
                        logProbs, targets(c), CtcKernel.ints(5, 3, 2), CtcKernel.ints(12, 9, 1));
        INDArray oneLabelOneFrame =
                CtcKernel.losses(
                        logProbs, targets(c), CtcKernel.ints(5, 3, 1), CtcKernel.ints(12, 9, 1));

        assertThat(twoLabelsOneFrame.getDouble(2))
                .isFinite()
                .isEqualTo(oneLabelOneFrame.getDouble(2));
    }

    @Test
    void blankWiderThanTheLabelMatrixIsSilentlyRemapped() {
        CtcReference.Case c = REFERENCE.cases().get(0);
        INDArray logProbs = logSoftmax(c.logitsBtk());
        INDArray threeWide = targets(c).get(NDArrayIndex.all(), NDArrayIndex.interval(0, 3)).dup();
        INDArray labelLengths = CtcKernel.ints(3, 3, 2);

        INDArray blankFive = lossesWithBlank(logProbs, threeWide, labelLengths, frames(c), 5);
        INDArray blankTwo = lossesWithBlank(logProbs, threeWide, labelLengths, frames(c), 2);

        assertThat(blankFive.toDoubleVector()).containsExactly(blankTwo.toDoubleVector());
    }

    private static INDArray lossesWithBlank(
            INDArray logProbs,
            INDArray targets,
            INDArray labelLengths,
            INDArray frames,
            int blank) {
        INDArray out = Nd4j.create(DataType.DOUBLE, logProbs.size(0));
        Nd4j.exec(
                org.nd4j.linalg.api.ops.DynamicCustomOp.builder("ctc_loss")
                        .addInputs(targets, logProbs, labelLengths, frames)
                        .addOutputs(out)
                        .addIntegerArguments(blank)
                        .build());
        return out;
    }

    static INDArray logSoftmax(INDArray logitsBtk) {
        INDArray shifted = logitsBtk.sub(logitsBtk.max(true, 2));
        return shifted.sub(Transforms.log(Transforms.exp(shifted).sum(true, 2)));
    }

    static double maxAbsDifference(INDArray a, INDArray b) {
        return Transforms.abs(a.sub(b)).maxNumber().doubleValue();
    }

    private static INDArray targets(CtcReference.Case c) {
        return Nd4j.createFromArray(c.targets());
    }

    private static INDArray lengths(CtcReference.Case c) {
        return CtcKernel.ints(c.targetLengths());
    }

    private static INDArray frames(CtcReference.Case c) {
        return CtcKernel.ints(c.inputLengths());
    }
}
