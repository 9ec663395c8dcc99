package io.asrwb.engine.train;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.config.LrScheduleConfig;
import io.asrwb.engine.config.OptimConfig;
import io.asrwb.engine.data.batching.BatchPacker;
import io.asrwb.engine.data.batching.Featurized;
import io.asrwb.engine.inference.SpeechBatch;
import io.asrwb.engine.model.ConvLayerSpec;
import io.asrwb.engine.model.Ds2Spec;
import io.asrwb.engine.model.layers.ConvGeometry;
import io.asrwb.engine.model.layers.DirectionMerge;
import io.asrwb.engine.model.layers.FrontEndActivation;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * Gradient accumulation is one larger batch: one update over two batches of B utterances (each
 * padded to its own longest) leaves the same parameters as one update over a batch of all 2B
 * (padded to the longest of all), with unequal lengths and masks, weight decay and clipping. A tiny
 * DS2 without batch norm, whose batch statistics would differ by design.
 */
class AccumulatedStepTest {

    private static final int BINS = 16;
    private static final int CLASSES = 6;
    private static final int B = 3;

    @ParameterizedTest(name = "{0}, clip {1}")
    @CsvSource({"SGD_NESTEROV, 0", "SGD_NESTEROV, 0.05", "ADAM, 0"})
    void twoAccumulatedBatchesUpdateAsOneBatchOfBoth(OptimConfig.Optimizer optimizer, double clip) {
        Ds2Spec spec =
                new Ds2Spec(
                        List.of(new ConvLayerSpec(4, new ConvGeometry(5, 5, 2, 2, 2, 2))),
                        FrontEndActivation.HARDTANH_0_20,
                        1,
                        12,
                        DirectionMerge.SUM,
                        BINS,
                        CLASSES,
                        false,
                        false);
        // momentum 0: plain SGD, whose update is the mean gradient itself (Adam's first step is
        // almost its sign, blind to a wrong scale)
        OptimConfig optim =
                new OptimConfig(
                        optimizer,
                        0.05,
                        0.9,
                        0.999,
                        1e-8,
                        0.0,
                        1e-3,
                        clip,
                        new LrScheduleConfig(
                                LrScheduleConfig.Anneal.CONSTANT,
                                0,
                                1.0,
                                0.0,
                                0.99,
                                LrScheduleConfig.DecayPeriod.STEP));
        List<Featurized.Ready> all = utterances(2 * B);
        ComputationGraph oneBatch = SpeechModels.build(spec, optim, lr(optim), 7);
        ComputationGraph accumulated = SpeechModels.build(spec, optim, lr(optim), 7);
        ComputationGraph firstHalfOnly = SpeechModels.build(spec, optim, lr(optim), 7);
        INDArray start = oneBatch.params().dup();
        SpeechBatch both = SpeechBatch.of(BatchPacker.pack(0, 0, all, List.of()), spec);
        // the longest utterances in different halves: each half is padded differently from both
        SpeechBatch first =
                SpeechBatch.of(BatchPacker.pack(0, 0, all.subList(0, B), List.of()), spec);
        SpeechBatch second =
                SpeechBatch.of(BatchPacker.pack(0, 1, all.subList(B, 2 * B), List.of()), spec);
        OptimizerStep step = new OptimizerStep(clip);

        OptimizerStep.Result big = step.run(oneBatch, both, 0, 0);
        OptimizerStep.Result summed = step.run(accumulated, List.of(first, second), 0, 0);
        step.run(firstHalfOnly, List.of(first), 0, 0);

        assertThat(big.applied()).isTrue();
        assertThat(summed.applied()).isTrue();
        assertThat(summed.loss()).isCloseTo(big.loss(), withRelative(1e-5));
        assertThat(summed.gradientNorm()).isCloseTo(big.gradientNorm(), withRelative(1e-5));
        double moved = oneBatch.params().sub(start).norm2Number().doubleValue();
        double apart = accumulated.params().sub(oneBatch.params()).norm2Number().doubleValue();
        double halfApart =
                firstHalfOnly.params().sub(oneBatch.params()).norm2Number().doubleValue();
        assertThat(moved).as("the update moved the parameters").isGreaterThan(1e-3);
        // float tolerance: the sums run in another order (batch by batch), and parameters of ~0.1
        // hold ~1e-8 of rounding each; Adam's first step divides by |g|, which magnifies the
        // rounding of near-zero gradients (measured: 2e-5 of the update with SGD and clipping,
        // 5e-5 with Adam)
        assertThat(apart)
                .as("accumulated vs one batch, after an update of %s", moved)
                .isLessThan(1e-4 * moved + 1e-6);
        // what the tolerance must tell apart: an update from one of the two batches
        assertThat(halfApart).isGreaterThan(1e-2 * moved);
    }

    private static org.assertj.core.data.Percentage withRelative(double fraction) {
        return org.assertj.core.data.Percentage.withPercentage(100 * fraction);
    }

    private static StepLearningRate lr(OptimConfig optim) {
        return StepLearningRate.of(optim, 10, 10);
    }

    /** Utterances of unequal lengths (masks and padding take part), random features and labels. */
    private static List<Featurized.Ready> utterances(int count) {
        Random random = new Random(11);
        int[] frames = {60, 95, 41, 73, 120, 52};
        List<Featurized.Ready> ready = new ArrayList<>();
        for (int u = 0; u < count; u++) {
            float[][] features = new float[frames[u]][BINS];
            for (float[] frame : features) {
                for (int f = 0; f < BINS; f++) {
                    frame[f] = (float) random.nextGaussian();
                }
            }
            int[] labels = new int[3 + u % 3];
            for (int s = 0; s < labels.length; s++) {
                labels[s] = 1 + random.nextInt(CLASSES - 1);
            }
            ready.add(new Featurized.Ready("u" + u, features, labels, frames[u] * 0.01));
        }
        return ready;
    }
}
