package io.asrwb.engine.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.asrwb.engine.model.layers.ConvGeometry;
import io.asrwb.engine.model.layers.DirectionMerge;
import io.asrwb.engine.model.layers.FrameMasks;
import io.asrwb.engine.model.layers.FrontEndActivation;
import io.asrwb.engine.model.loss.LossCtc;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.deeplearning4j.nn.conf.ComputationGraphConfiguration;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.deeplearning4j.util.ModelSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.dataset.MultiDataSet;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.linalg.indexing.NDArrayIndex;
import org.nd4j.linalg.learning.config.Adam;

/** Model specs build graphs that train with CTC on masked batches and survive ModelSerializer. */
class ModelSpecTest {

    private static final int BINS = 16;
    private static final int ALPHABET = 6;
    private static final int FRAMES = 30;
    private static final int[] VALID = {30, 26, 20, 16};
    private static final int[][] TRANSCRIPTS = {{1, 2, 3, 4}, {5, 5, 1}, {2, 3}, {4}};

    static Ds2Spec tinyDs2() {
        return new Ds2Spec(
                List.of(
                        new ConvLayerSpec(4, new ConvGeometry(5, 3, 2, 2, 2, 1)),
                        new ConvLayerSpec(4, new ConvGeometry(5, 3, 2, 1, 2, 1))),
                FrontEndActivation.HARDTANH_0_20,
                2,
                8,
                DirectionMerge.SUM,
                BINS,
                ALPHABET);
    }

    static Wav2LetterSpec tinyWav2Letter() {
        return new Wav2LetterSpec(
                List.of(
                        new ConvLayerSpec(12, ConvGeometry.overTime(5, 2, 2)),
                        new ConvLayerSpec(12, ConvGeometry.overTime(5, 1, 2)),
                        new ConvLayerSpec(16, ConvGeometry.overTime(1, 1, 0))),
                FrontEndActivation.RELU,
                BINS,
                ALPHABET);
    }

    static MultiDataSet batch(ModelSpec spec, DataType type) {
        Nd4j.getRandom().setSeed(99);
        INDArray features = Nd4j.randn(type, VALID.length, BINS, FRAMES);
        int[] outFrames = new int[VALID.length];
        for (int b = 0; b < VALID.length; b++) {
            outFrames[b] = spec.outputFrames(VALID[b]);
        }
        INDArray labels = Nd4j.zeros(type, VALID.length, 4);
        for (int b = 0; b < TRANSCRIPTS.length; b++) {
            for (int s = 0; s < TRANSCRIPTS[b].length; s++) {
                labels.putScalar(b, s, TRANSCRIPTS[b][s]);
            }
        }
        return new MultiDataSet(
                new INDArray[] {features},
                new INDArray[] {labels},
                new INDArray[] {FrameMasks.mask(VALID, FRAMES, type)},
                new INDArray[] {FrameMasks.mask(outFrames, spec.outputFrames(FRAMES), type)});
    }

    @Test
    void ds2LossFallsOnAFixedBatch() {
        assertLossFalls(tinyDs2());
    }

    @Test
    void wav2LetterLossFallsOnAFixedBatch() {
        assertLossFalls(tinyWav2Letter());
    }

    private static void assertLossFalls(ModelSpec spec) {
        ComputationGraph graph = spec.build(1, new Adam(0.01));
        MultiDataSet batch = batch(spec, DataType.FLOAT);
        graph.fit(batch);
        double first = graph.score();
        for (int step = 1; step < 60; step++) {
            graph.fit(batch);
        }
        assertThat(first).isFinite().isPositive();
        assertThat(graph.score()).isLessThan(first * 0.5);
        assertThat(LossCtc.rejectionsOfLastCall()).isEmpty();
    }

    @Test
    void outputFramesMatchTheGraphsOutputAndMask() {
        Ds2Spec spec = tinyDs2();
        ComputationGraph graph = spec.build(1, new Adam(0.01));
        MultiDataSet batch = batch(spec, DataType.FLOAT);

        INDArray scores =
                graph.output(false, batch.getFeatures(), batch.getFeaturesMaskArrays())[0];

        assertThat(spec.outputFrames(FRAMES)).isEqualTo(15);
        assertThat(scores.shape()).containsExactly(VALID.length, ALPHABET, 15);
        int last = VALID.length - 1;
        int valid = spec.outputFrames(VALID[last]);
        assertThat(scores.getDouble(last, 1, valid - 1)).isNotZero();
        assertThat(scores.getDouble(last, 1, valid)).isZero();
    }

    @Test
    void aLookaheadConvolutionReadsExactlyItsFramesAheadOfAForwardOnlyModel() {
        Ds2Spec plain = forwardOnlyDs2(0);
        Ds2Spec ahead = forwardOnlyDs2(3);
        ComputationGraph graph = ahead.build(1, new Adam(0.01));

        assertThat(ahead.outputFrames(FRAMES)).isEqualTo(plain.outputFrames(FRAMES));
        assertThat(graph.getLayer(Ds2Spec.LOOKAHEAD).numParams()).isEqualTo(8 * 7);
        // It starts as the identity: the model without a lookahead, the same frames changed.
        assertThat(firstOutputFrameChangedByTheInputFrom(ahead, 20, false))
                .isEqualTo(firstOutputFrameChangedByTheInputFrom(plain, 20, false));
        // The input changed from frame 20 on: a forward-only model's output changes from the
        // first frame whose convolutions reach frame 20; with the lookahead, 3 frames earlier.
        // (once its taps have been trained away from the identity, here drawn at random).
        int plainFirst = firstOutputFrameChangedByTheInputFrom(plain, 20, true);
        assertThat(plainFirst).isBetween(5, 12);
        assertThat(firstOutputFrameChangedByTheInputFrom(ahead, 20, true))
                .isEqualTo(plainFirst - 3);
    }

    private static Ds2Spec forwardOnlyDs2(int lookahead) {
        Ds2Spec tiny = tinyDs2();
        return new Ds2Spec(
                tiny.convs(),
                tiny.activation(),
                tiny.rnnLayers(),
                tiny.rnnHidden(),
                tiny.merge(),
                BINS,
                ALPHABET,
                true,
                true,
                false,
                lookahead);
    }

    private static int firstOutputFrameChangedByTheInputFrom(
            Ds2Spec spec, int from, boolean trainedLookahead) {
        ComputationGraph graph = spec.build(5, new Adam(0.01));
        Nd4j.getRandom().setSeed(3);
        if (trainedLookahead && spec.lookaheadFrames() > 0) {
            LookaheadTaps.drawAtRandom(graph, 3);
        }
        INDArray features = Nd4j.randn(DataType.FLOAT, 1, BINS, FRAMES);
        INDArray changed = features.dup();
        changed.get(NDArrayIndex.all(), NDArrayIndex.all(), NDArrayIndex.interval(from, FRAMES))
                .addi(1.0);
        INDArray before = graph.output(false, features)[0];
        INDArray after = graph.output(false, changed)[0];
        for (int t = 0; t < before.size(2); t++) {
            for (int k = 0; k < ALPHABET; k++) {
                if (Math.abs(before.getDouble(0, k, t) - after.getDouble(0, k, t)) > 1e-5) {
                    return t;
                }
            }
        }
        return -1;
    }

    @Test
    void ds2SmallHasThePeersShapes() {
        Ds2Spec small = Ds2Spec.small(161, 29);
        ComputationGraphConfiguration conf = small.configuration(1, DataType.FLOAT, new Adam(3e-4));
        ComputationGraph graph = new ComputationGraph(conf);
        graph.init();

        assertThat(small.outputFrames(400)).isEqualTo(200);
        // The peer's 5,579,232 parameters (BatchNorm's γ and β included, no conv biases), plus
        // BatchNorm's running statistics (128, buffers in PyTorch), less one of PyTorch's two LSTM
        // bias vectors (3 layers x 2048), plus the output layer's 29 biases.
        assertThat(graph.numParams()).isEqualTo(5_579_232L + 128 - 3 * 2048 + 29);
        assertThat(graph.paramTable())
                .containsKeys("conv1_bn_gamma", "conv2_bn_runningVar")
                .doesNotContainKeys("conv1_b", "conv2_b", "lstm2_bn_gamma");
    }

    @Test
    void specsRefuseImpossibleShapesNamingTheField() {
        assertThatThrownBy(() -> Ds2Spec.small(0, 29)).hasMessageContaining("nBins=0");
        assertThatThrownBy(
                        () ->
                                new Wav2LetterSpec(
                                        List.of(
                                                new ConvLayerSpec(
                                                        4, new ConvGeometry(3, 3, 1, 1, 0, 0))),
                                        FrontEndActivation.RELU,
                                        8,
                                        5))
                .hasMessageContaining("over time only");
    }

    @Test
    void configurationJsonRoundTrips() {
        ComputationGraphConfiguration conf =
                tinyDs2().configuration(1, DataType.FLOAT, new Adam(0.01));

        String json = conf.toJson();

        assertThat(json)
                .contains(
                        "io.asrwb.engine.model.layers.MaskedBiLstm",
                        "io.asrwb.engine.model.layers.MaskedConv2d");
        assertThat(ComputationGraphConfiguration.fromJson(json)).isEqualTo(conf);
    }

    @Test
    void modelSerializerWithUpdaterRestoresIdenticalOutputsAndNextStep(@TempDir Path dir)
            throws IOException {
        Ds2Spec spec = tinyDs2();
        ComputationGraph graph = spec.build(1, new Adam(0.01));
        MultiDataSet batch = batch(spec, DataType.FLOAT);
        for (int step = 0; step < 3; step++) {
            graph.fit(batch);
        }
        File file = dir.resolve("ds2.zip").toFile();

        ModelSerializer.writeModel(graph, file, true);
        ComputationGraph restored = ModelSerializer.restoreComputationGraph(file, true);

        assertThat(restored.getConfiguration()).isEqualTo(graph.getConfiguration());
        INDArray[] masks = batch.getFeaturesMaskArrays();
        assertThat(restored.output(false, batch.getFeatures(), masks)[0])
                .isEqualTo(graph.output(false, batch.getFeatures(), masks)[0]);
        graph.fit(batch);
        restored.fit(batch);
        assertThat(restored.score()).isEqualTo(graph.score());
        assertThat(restored.params()).isEqualTo(graph.params());
    }
}
