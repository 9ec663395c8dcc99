package io.asrwb.engine.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.config.ConfigFields;
import io.asrwb.engine.config.Conv1dLayer;
import io.asrwb.engine.config.Presets;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.config.Wav2LetterConfig;
import io.asrwb.engine.inference.ModelSpecs;
import io.asrwb.engine.inference.SpeechBatch;
import io.asrwb.engine.model.ModelSpec;
import io.asrwb.engine.model.layers.MaskedConv2d;
import io.asrwb.engine.train.OptimizerStep;
import io.asrwb.engine.train.SpeechModels;
import io.asrwb.engine.train.StepLearningRate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.deeplearning4j.nn.conf.dropout.Dropout;
import org.deeplearning4j.nn.conf.layers.BaseLayer;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * The {@code wav2letter} preset is the model docs/decisions/wav2letter.md describes (and
 * bench/peers/w2l_torch.py mirrors: the same trainable parameter count), and it trains: real DL4J
 * steps of the trainer's own {@link OptimizerStep} on the benchmark's random batch lower the loss.
 */
class Wav2LetterPresetTest {

    private static final int BINS = 64;
    private static final int CLASSES = 29;

    @Test
    void presetIsTheDocumentedScaledWav2LetterPlus() {
        RunConfig config = Presets.load("wav2letter");
        Wav2LetterConfig model = (Wav2LetterConfig) config.model();
        List<Integer> kernels = new ArrayList<>();
        for (Conv1dLayer layer : model.layers()) {
            kernels.add(layer.kernel());
        }

        assertThat(config.features().nMels()).isEqualTo(BINS);
        assertThat(model.batchNorm()).isTrue();
        assertThat(kernels).containsExactly(11, 11, 13, 17, 21, 25, 29, 1);
        assertThat(model.layers().get(0).stride()).isEqualTo(2);
        assertThat(model.layers().get(6).dilation()).isEqualTo(2);

        ModelSpec spec = ModelSpecs.of(model, BINS, CLASSES);
        ComputationGraph graph = build(config, spec, 10);
        long trainable = 0;
        for (Map.Entry<String, INDArray> p : graph.paramTable().entrySet()) {
            if (!p.getKey().endsWith("_runningMean") && !p.getKey().endsWith("_runningVar")) {
                trainable += p.getValue().length();
            }
        }
        assertThat(trainable).isEqualTo(11_455_645L);
        assertThat(spec.outputFrames(400)).isEqualTo(200);
        assertThat(spec.outputFrames(401)).isEqualTo(201);
        MaskedConv2d dilated = (MaskedConv2d) layer(graph, "conv7");
        assertThat(dilated.geometry().dilationFrames()).isEqualTo(2);
        assertThat(dilated.geometry().padFrames()).isEqualTo(28);
        assertThat(graph.paramTable()).containsKey("conv7_bn_gamma").doesNotContainKey("conv7_b");
        // conv7's dropout (0.4) drops conv8's input; conv8's drops the linear map's: DL4J keeps 1-p
        assertThat(((Dropout) layer(graph, "conv8").getIDropout()).getP()).isEqualTo(0.6);
        assertThat(((Dropout) layer(graph, "classes").getIDropout()).getP()).isEqualTo(0.6);
        assertThat(layer(graph, "conv1").getIDropout()).isNull();
    }

    @Test
    void realTrainingStepsLowerTheLoss() {
        // no warm-up here: the preset's 200 warm-up steps would keep the first rates near zero
        RunConfig config =
                ConfigFields.with(Presets.load("wav2letter"), "optim.schedule.warmup_steps", 0);
        ModelSpec spec = ModelSpecs.of(config.model(), BINS, CLASSES);
        ComputationGraph graph = build(config, spec, 10);
        SpeechBatch batch =
                TrainStepBenchmark.randomBatch(
                        spec,
                        BINS,
                        CLASSES,
                        new TrainStepSettings("wav2letter", 2, 150, 1, 0, 1, false));
        INDArray before = graph.params().dup();
        OptimizerStep step = new OptimizerStep(config.optim().gradClipNorm());

        List<Double> losses = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            OptimizerStep.Result result = step.run(graph, batch, i, 0);
            assertThat(result.applied()).isTrue();
            losses.add(result.loss());
        }

        assertThat(graph.params().equalsWithEps(before, 1e-6)).isFalse();
        assertThat(losses).allMatch(Double::isFinite);
        double first = (losses.get(0) + losses.get(1)) / 2;
        double last = (losses.get(8) + losses.get(9)) / 2;
        assertThat(last).as("losses %s", losses).isLessThan(0.8 * first);
    }

    private static ComputationGraph build(RunConfig config, ModelSpec spec, long steps) {
        return SpeechModels.build(
                spec,
                config.optim(),
                StepLearningRate.of(config.optim(), steps, steps),
                config.train().seed());
    }

    private static BaseLayer layer(ComputationGraph graph, String name) {
        return (BaseLayer) graph.getLayer(name).conf().getLayer();
    }
}
