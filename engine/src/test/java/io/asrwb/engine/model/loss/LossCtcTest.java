package io.asrwb.engine.model.loss;

import static io.asrwb.engine.model.loss.CtcTestArrays.frameMask;
import static io.asrwb.engine.model.loss.CtcTestArrays.labels;
import static io.asrwb.engine.model.loss.CtcTestArrays.ncw;
import static io.asrwb.engine.model.loss.CtcTestArrays.transcripts;
import static io.asrwb.engine.model.loss.LibNd4jCtcOpTest.maxAbsDifference;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.nd4j.linalg.activations.impl.ActivationIdentity;
import org.nd4j.linalg.activations.impl.ActivationSoftmax;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/** LossCtc against PyTorch's ctc_loss, against finite differences, and on bad utterances. */
class LossCtcTest {

    private static final ActivationIdentity IDENTITY = new ActivationIdentity();
    private final LossCtc loss = new LossCtc();

    @Test
    void lossesAndGradientMatchPyTorch() {
        for (CtcReference.Case c : CtcReference.load().cases()) {
            INDArray scores = ncw(c.logitsBtk());
            INDArray labels = labels(transcripts(c));
            INDArray mask = frameMask(c.frames(), c.inputLengths());

            INDArray perUtterance = loss.computeScoreArray(labels, scores, IDENTITY, mask);
            INDArray gradient = loss.computeGradient(labels, scores, IDENTITY, mask);

            assertThat(perUtterance.shape()).containsExactly(c.batchSize(), 1);
            assertThat(perUtterance.toDoubleVector())
                    .as(c.name())
                    .containsExactly(c.losses(), within(1e-12));
            assertThat(maxAbsDifference(gradient, ncw(c.gradientBtk())))
                    .as(c.name())
                    .isLessThan(1e-13);
            assertThat(LossCtc.rejectionsOfLastCall()).isEmpty();
        }
    }

    @Test
    void floatScoresGiveFloatGradientsCloseToDouble() {
        CtcReference.Case c = CtcReference.load().cases().get(1);
        INDArray scores = ncw(c.logitsBtk()).castTo(DataType.FLOAT);
        INDArray labels = labels(transcripts(c)).castTo(DataType.FLOAT);
        INDArray mask = frameMask(c.frames(), c.inputLengths()).castTo(DataType.FLOAT);

        INDArray perUtterance = loss.computeScoreArray(labels, scores, IDENTITY, mask);
        INDArray gradient = loss.computeGradient(labels, scores, IDENTITY, mask);

        assertThat(gradient.dataType()).isEqualTo(DataType.FLOAT);
        assertThat(perUtterance.toDoubleVector()).containsExactly(c.losses(), within(1e-4));
        assertThat(maxAbsDifference(gradient.castTo(DataType.DOUBLE), ncw(c.gradientBtk())))
                .isLessThan(1e-5);
    }

    @Test
    void scoreIsTheSumOrTheBatchMean() {
        CtcReference.Case c = CtcReference.load().cases().get(0);
        INDArray scores = ncw(c.logitsBtk());
        INDArray labels = labels(transcripts(c));
        INDArray mask = frameMask(c.frames(), c.inputLengths());
        double sum = c.losses()[0] + c.losses()[1] + c.losses()[2];

        assertThat(loss.computeScore(labels, scores, IDENTITY, mask, false))
                .isCloseTo(sum, within(1e-11));
        assertThat(loss.computeScore(labels, scores, IDENTITY, mask, true))
                .isCloseTo(sum / 3, within(1e-11));
    }

    @Test
    void gradientMatchesCentralFiniteDifferences() {
        Nd4j.getRandom().setSeed(7);
        INDArray scores = Nd4j.randn(DataType.DOUBLE, 3, 4, 7).muli(1.5);
        INDArray labels = labels(new int[][] {{1, 2, 2}, {3, 3}, {1}});
        INDArray mask = frameMask(7, 7, 5, 2);
        INDArray analytic = loss.computeGradient(labels, scores, IDENTITY, mask);

        double epsilon = 1e-6;
        double worst = 0;
        for (long i = 0; i < scores.length(); i++) {
            double original = scores.getDouble(i);
            scores.putScalar(i, original + epsilon);
            double plus = loss.computeScore(labels, scores, IDENTITY, mask, false);
            scores.putScalar(i, original - epsilon);
            double minus = loss.computeScore(labels, scores, IDENTITY, mask, false);
            scores.putScalar(i, original);
            double numeric = (plus - minus) / (2 * epsilon);
            worst = Math.max(worst, Math.abs(numeric - analytic.getDouble(i)));
        }
        assertThat(worst).isLessThan(1e-8);
        assertThat(analytic.getDouble(2, 1, 4)).as("padded frame").isZero();
    }

    @Test
    void emptyAndInfeasibleTranscriptsAreLeftOutAndReported() {
        CtcReference.Case c = CtcReference.load().cases().get(0);
        INDArray scores = ncw(c.logitsBtk());
        int[][] good = transcripts(c);
        int[][] bad = {
            {}, // empty: libnd4j gives -inf
            {4, 4, 4}, // needs 5 frames, has 4: libnd4j gives +inf and NaN gradients
            {5, 2}, // two labels, one frame: libnd4j silently truncates to [5], a finite wrong loss
            good[0],
        };
        INDArray badScores =
                Nd4j.concat(
                        0,
                        scores,
                        scores.get(
                                org.nd4j.linalg.indexing.NDArrayIndex.interval(0, 1),
                                org.nd4j.linalg.indexing.NDArrayIndex.all(),
                                org.nd4j.linalg.indexing.NDArrayIndex.all()));
        INDArray mask = frameMask(c.frames(), 12, 4, 1, c.inputLengths()[0]);

        double score = loss.computeScore(labels(bad), badScores, IDENTITY, mask, false);
        List<CtcRejection> rejectedByScore = LossCtc.rejectionsOfLastCall();
        INDArray gradient = loss.computeGradient(labels(bad), badScores, IDENTITY, mask);
        List<CtcRejection> rejectedByGradient = LossCtc.rejectionsOfLastCall();

        assertThat(score).isCloseTo(c.losses()[0], within(1e-12));
        assertThat(rejectedByScore)
                .containsExactly(
                        new CtcRejection(0, CtcRejection.Reason.EMPTY_TRANSCRIPT, 0, 12, 0),
                        new CtcRejection(1, CtcRejection.Reason.TOO_FEW_FRAMES, 3, 4, 5),
                        new CtcRejection(2, CtcRejection.Reason.TOO_FEW_FRAMES, 2, 1, 2));
        assertThat(rejectedByGradient).isEqualTo(rejectedByScore);
        for (int b = 0; b < 3; b++) {
            assertThat(gradient.slice(b).amaxNumber().doubleValue()).as("example %d", b).isZero();
        }
        assertThat(maxAbsDifference(gradient.slice(3), ncw(c.gradientBtk()).slice(0)))
                .isLessThan(1e-13);
    }

    @Test
    void nonFiniteScoresAreLeftOutNotPassedOn() {
        INDArray scores = Nd4j.randn(DataType.DOUBLE, 2, 4, 6);
        scores.putScalar(new long[] {1, 2, 3}, Double.NaN);
        INDArray labels = labels(new int[][] {{1, 2}, {3}});

        double score = loss.computeScore(labels, scores, IDENTITY, null, false);
        INDArray gradient = loss.computeGradient(labels, scores, IDENTITY, null);

        assertThat(score).isFinite();
        assertThat(LossCtc.rejectionsOfLastCall())
                .containsExactly(new CtcRejection(1, CtcRejection.Reason.NON_FINITE, 1, 6, 1));
        assertThat(gradient.slice(1).amaxNumber().doubleValue()).isZero();
        assertThat(Double.isFinite(gradient.sumNumber().doubleValue())).isTrue();
    }

    @Test
    void malformedInputsAreRefusedWithTheRowAndPosition() {
        INDArray scores = Nd4j.randn(DataType.DOUBLE, 2, 4, 6);

        assertThatThrownBy(
                        () ->
                                loss.computeScore(
                                        labels(new int[][] {{1, 7}, {2}}),
                                        scores,
                                        IDENTITY,
                                        null,
                                        true))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("row 0, position 1")
                .hasMessageContaining("0..3");
        INDArray gap = Nd4j.createFromArray(new double[][] {{1, 0, 2}, {2, 0, 0}});
        assertThatThrownBy(() -> loss.computeScore(gap, scores, IDENTITY, null, true))
                .hasMessageContaining("row 0, position 2")
                .hasMessageContaining("padding");
        assertThatThrownBy(
                        () ->
                                loss.computeScore(
                                        labels(new int[][] {{1}, {2}}),
                                        scores,
                                        new ActivationSoftmax(),
                                        null,
                                        true))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Activation.IDENTITY");
        assertThatThrownBy(
                        () ->
                                loss.computeScore(
                                        labels(new int[][] {{1}, {2}}),
                                        scores.reshape(2, 24),
                                        IDENTITY,
                                        null,
                                        true))
                .hasMessageContaining("LossLayer");
    }
}
