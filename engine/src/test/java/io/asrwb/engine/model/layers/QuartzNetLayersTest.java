package io.asrwb.engine.model.layers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.nd4j.linalg.indexing.NDArrayIndex.all;
import static org.nd4j.linalg.indexing.NDArrayIndex.interval;

import io.asrwb.engine.model.QuartzBlockSpec;
import io.asrwb.engine.model.QuartzNetSpec;
import java.util.List;
import java.util.Map;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.dataset.MultiDataSet;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.linalg.learning.config.NoOp;

/**
 * QuartzNet's layers on a tiny model with every kind of block (a strided separable input
 * convolution, a residual block of two separable sub-blocks, a dilated separable convolution, a
 * full 1×1): DL4J's finite-difference gradient check in double precision on a batch of unequal
 * lengths with nonzero padding, and an utterance's scores alone equal to its scores padded in a
 * batch.
 */
class QuartzNetLayersTest {

    private static final int BINS = 5;
    private static final int FRAMES = 11;
    private static final int[] VALID = {11, 8, 5};

    static QuartzNetSpec tiny() {
        return new QuartzNetSpec(
                List.of(
                        new QuartzBlockSpec(4, 3, 1, 2, 1, 0.0, false, true),
                        new QuartzBlockSpec(3, 3, 2, 1, 1, 0.0, true, true),
                        new QuartzBlockSpec(3, 3, 1, 1, 2, 0.0, false, true),
                        new QuartzBlockSpec(4, 1, 1, 1, 1, 0.0, false, false)),
                BINS,
                5);
    }

    @Test
    void gradientsMatchFiniteDifferencesWithMasks() throws Exception {
        try (AutoCloseable ignored = GradientChecks.doublePrecision()) {
            QuartzNetSpec spec = tiny();
            ComputationGraph graph = spec.build(3, DataType.DOUBLE, new NoOp());
            shiftNorms(graph, DataType.DOUBLE, false);
            int[] outFrames = new int[VALID.length];
            for (int b = 0; b < VALID.length; b++) {
                outFrames[b] = spec.outputFrames(VALID[b]);
            }
            MultiDataSet batch =
                    SpeechBatches.ctcBatch(
                            SpeechBatches.features(31, DataType.DOUBLE, 3, BINS, FRAMES).addi(0.3),
                            VALID,
                            outFrames,
                            spec.outputFrames(FRAMES),
                            new int[][] {{1, 2, 3}, {4, 2}, {2}});

            assertThat(outFrames).containsExactly(6, 4, 3);
            assertThat(graph.paramTable())
                    .containsKeys("conv1_dw_W", "conv1_pw_W", "conv2_2_dw_W", "conv2_res_W")
                    .containsKeys("conv2_res_bn_gamma", "conv4_W")
                    .doesNotContainKeys("conv1_pw_b", "conv4_b");
            assertThat(graph.getParam("conv3_dw_W").shape()).containsExactly(3, 3);
            assertThat(GradientChecks.pass(graph, batch, 8)).isTrue();
        }
    }

    @ParameterizedTest
    @CsvSource({"DOUBLE, 1e-12", "FLOAT, 1e-5"})
    void anUtteranceScoresTheSameAloneAndPaddedInABatch(DataType type, double tolerance) {
        QuartzNetSpec spec = tiny();
        ComputationGraph graph = spec.build(4, type, new NoOp());
        shiftNorms(graph, type, true);
        int shortFrames = 6;
        INDArray batched = SpeechBatches.features(41, type, 3, BINS, FRAMES).addi(0.5);
        INDArray alone = batched.get(interval(2, 3), all(), interval(0, shortFrames)).dup();
        INDArray batchMask = FrameMasks.mask(new int[] {FRAMES, 9, shortFrames}, FRAMES, type);
        INDArray aloneMask = FrameMasks.mask(new int[] {shortFrames}, shortFrames, type);

        INDArray batchedScores =
                graph.output(false, new INDArray[] {batched}, new INDArray[] {batchMask})[0];
        INDArray aloneScores =
                graph.output(false, new INDArray[] {alone}, new INDArray[] {aloneMask})[0];

        int shortOut = spec.outputFrames(shortFrames);
        INDArray inBatch = batchedScores.get(interval(2, 3), all(), interval(0, shortOut));
        assertThat(aloneScores.size(2)).isEqualTo(shortOut);
        assertThat(aloneScores.amaxNumber().doubleValue()).isGreaterThan(0.01);
        assertThat(inBatch.sub(aloneScores).amaxNumber().doubleValue()).isLessThan(tolerance);
    }

    /**
     * Moves γ and β off 1 and 0 (and, for inference, the running statistics off 0 and 1), so that a
     * gradient or an output that ignored one would show.
     */
    private static void shiftNorms(ComputationGraph graph, DataType type, boolean running) {
        int n = 0;
        for (Map.Entry<String, INDArray> p : graph.paramTable().entrySet()) {
            INDArray v = p.getValue();
            double by = (n++ % 2 == 0 ? 0.1 : -0.15);
            if (p.getKey().endsWith("_gamma")) {
                v.assign(Nd4j.linspace(type, 1 + by, 1.4 + by, v.length()).reshape(v.shape()));
            } else if (p.getKey().endsWith("_beta")) {
                v.addi(by);
            } else if (running && p.getKey().endsWith("_runningMean")) {
                v.assign(Nd4j.linspace(type, -0.3, 0.4, v.length()).reshape(v.shape()));
            } else if (running && p.getKey().endsWith("_runningVar")) {
                v.assign(Nd4j.linspace(type, 0.6, 1.5, v.length()).reshape(v.shape()));
            }
        }
    }
}
