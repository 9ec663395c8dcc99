package io.asrwb.engine.export.onnx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.asrwb.engine.inference.LogSoftmax;
import io.asrwb.engine.model.ConvLayerSpec;
import io.asrwb.engine.model.Ds2Spec;
import io.asrwb.engine.model.LookaheadTaps;
import io.asrwb.engine.model.ModelSpec;
import io.asrwb.engine.model.QuartzBlockSpec;
import io.asrwb.engine.model.QuartzNetSpec;
import io.asrwb.engine.model.Wav2LetterSpec;
import io.asrwb.engine.model.layers.ConvGeometry;
import io.asrwb.engine.model.layers.DirectionMerge;
import io.asrwb.engine.model.layers.FrontEndActivation;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.linalg.learning.config.Adam;

/**
 * The layer variants the demo model lacks, on small random models: convolutions with bias and
 * activation (no BatchNorm), directions concatenated, BatchNorm between LSTMs with moved running
 * statistics, ReLU, a lookahead convolution after the LSTMs, and Wav2Letter's 1-D convolutions
 * with the bins as channels.
 */
class OnnxLayerVariantsTest {

    private static final int BINS = 20;
    private static final int CLASSES = 7;

    @Test
    void ds2WithoutConvBatchNormAndConcatenatedDirections() throws Exception {
        Ds2Spec spec =
                new Ds2Spec(
                        List.of(
                                new ConvLayerSpec(3, new ConvGeometry(5, 7, 2, 2, 2, 3)),
                                new ConvLayerSpec(4, new ConvGeometry(3, 5, 2, 1, 1, 2))),
                        FrontEndActivation.HARDTANH_0_20,
                        2,
                        6,
                        DirectionMerge.CONCAT,
                        BINS,
                        CLASSES,
                        false,
                        true);
        assertMatches(spec, 57);
    }

    @Test
    void ds2WithReluAndSummedDirections() throws Exception {
        Ds2Spec spec =
                new Ds2Spec(
                        List.of(new ConvLayerSpec(2, new ConvGeometry(5, 5, 2, 3, 2, 2))),
                        FrontEndActivation.RELU,
                        1,
                        5,
                        DirectionMerge.SUM,
                        BINS,
                        CLASSES,
                        true,
                        false);
        assertMatches(spec, 40);
    }

    @Test
    void ds2WithALookaheadConvolutionAfterItsLstms() throws Exception {
        Ds2Spec spec =
                new Ds2Spec(
                        List.of(new ConvLayerSpec(2, new ConvGeometry(5, 5, 2, 2, 2, 2))),
                        FrontEndActivation.HARDTANH_0_20,
                        2,
                        5,
                        DirectionMerge.CONCAT,
                        BINS,
                        CLASSES,
                        true,
                        true,
                        true,
                        2);
        assertMatches(spec, 45);
    }

    @Test
    void aLatencyControlledLstmIsRefusedByName() {
        // ONNX's LSTM would run the backward direction over the whole utterance: another model
        Ds2Spec spec =
                new Ds2Spec(
                        List.of(new ConvLayerSpec(2, new ConvGeometry(5, 5, 2, 2, 2, 2))),
                        FrontEndActivation.HARDTANH_0_20,
                        1,
                        5,
                        DirectionMerge.SUM,
                        BINS,
                        CLASSES,
                        true,
                        false,
                        true,
                        0,
                        4,
                        2);
        ComputationGraph graph = spec.build(11, new Adam(1e-3));

        assertThatThrownBy(() -> OnnxExporter.modelBytes(graph, BINS, CLASSES, "test", Map.of()))
                .isInstanceOf(UnsupportedOperationException.class)
                .hasMessageContaining("'lstm1'")
                .hasMessageContaining("latency-controlled LSTM (model.chunk_frames)");
    }

    @Test
    void wav2Letter() throws Exception {
        Wav2LetterSpec spec =
                new Wav2LetterSpec(
                        List.of(
                                new ConvLayerSpec(8, ConvGeometry.overTime(5, 2, 2)),
                                new ConvLayerSpec(6, ConvGeometry.overTime(3, 1, 1))),
                        FrontEndActivation.RELU,
                        BINS,
                        CLASSES);
        assertMatches(spec, 33);
    }

    @Test
    void wav2LetterPlusWithDilationBatchNormAndDropout() throws Exception {
        // the wav2letter preset's kinds of layer: a dilated convolution (ONNX "dilations"),
        // BN after each, dropout (training only: nothing in the graph)
        Wav2LetterSpec spec =
                new Wav2LetterSpec(
                        List.of(
                                new ConvLayerSpec(8, ConvGeometry.overTime(5, 2, 2)),
                                new ConvLayerSpec(6, ConvGeometry.sameOverTime(3, 1, 2))),
                        List.of(0.2, 0.3),
                        true,
                        FrontEndActivation.RELU,
                        BINS,
                        CLASSES);
        assertMatches(spec, 33);
    }

    @Test
    void quartzNetWithSeparableResidualAndDilatedBlocks() throws Exception {
        // depthwise convolutions (ONNX "group"), a residual sum, the ReLU layer after it, a
        // dilated depthwise one, a full 1×1; dropout (training only: nothing in the graph)
        QuartzNetSpec spec =
                new QuartzNetSpec(
                        List.of(
                                new QuartzBlockSpec(8, 5, 1, 2, 1, 0.2, false, true),
                                new QuartzBlockSpec(6, 5, 2, 1, 1, 0.2, true, true),
                                new QuartzBlockSpec(6, 3, 1, 1, 2, 0.0, false, true),
                                new QuartzBlockSpec(10, 1, 1, 1, 1, 0.1, false, false)),
                        BINS,
                        CLASSES);
        assertMatches(spec, 33);
    }

    private static void assertMatches(ModelSpec spec, int frames) throws Exception {
        ComputationGraph graph = spec.build(11, new Adam(1e-3));
        if (spec instanceof Ds2Spec ds2 && ds2.lookaheadFrames() > 0) {
            LookaheadTaps.drawAtRandom(graph, 5);
        }
        Random random = new Random(5);
        for (Map.Entry<String, INDArray> p : graph.paramTable().entrySet()) {
            if (p.getKey().endsWith("runningMean") || p.getKey().endsWith("runningVar")) {
                double[] values = new double[(int) p.getValue().length()];
                for (int i = 0; i < values.length; i++) {
                    values[i] =
                            p.getKey().endsWith("Var")
                                    ? 0.5 + random.nextDouble()
                                    : random.nextGaussian() * 0.3;
                }
                p.getValue().assign(Nd4j.createFromArray(values).reshape(p.getValue().shape()));
            }
        }
        float[][] features = new float[frames][BINS];
        float[] byTime = new float[BINS * frames];
        for (int t = 0; t < frames; t++) {
            for (int b = 0; b < BINS; b++) {
                features[t][b] = (float) random.nextGaussian();
                byTime[b * frames + t] = features[t][b];
            }
        }
        INDArray input = Nd4j.create(byTime, new long[] {1, BINS, frames}, 'c');
        INDArray mask = Nd4j.ones(DataType.FLOAT, 1, frames);
        INDArray scores = graph.output(false, new INDArray[] {input}, new INDArray[] {mask})[0];
        float[][] expected =
                LogSoftmax.perUtterance(scores, new int[] {spec.outputFrames(frames)}).get(0);

        byte[] model = OnnxExporter.modelBytes(graph, BINS, CLASSES, "test", Map.of());
        try (OrtRunner ort = new OrtRunner(model)) {
            float[][] actual = ort.logProbs(features);
            assertThat(actual.length).isEqualTo(expected.length);
            assertThat(OnnxExportTest.maxAbsDifference(expected, actual)).isLessThan(1e-4);
        }
    }
}
