package io.asrwb.engine.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.config.ConfigFields;
import io.asrwb.engine.config.Presets;
import io.asrwb.engine.config.QuartzBlock;
import io.asrwb.engine.config.QuartzNetConfig;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.inference.ModelSpecs;
import io.asrwb.engine.inference.SpeechBatch;
import io.asrwb.engine.model.ModelSpec;
import io.asrwb.engine.model.layers.MaskedDepthwiseConv1d;
import io.asrwb.engine.train.OptimizerStep;
import io.asrwb.engine.train.SpeechModels;
import io.asrwb.engine.train.StepLearningRate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * The {@code quartznet} preset is NeMo's QuartzNet 5×5 as docs/decisions/quartznet.md describes
 * (and bench/peers/quartznet_torch.py mirrors: the same trainable parameter count), and it trains:
 * real DL4J steps of the trainer's own {@link OptimizerStep} on the benchmark's random batch lower
 * the loss.
 */
class QuartzNetPresetTest {

    private static final int BINS = 64;
    private static final int CLASSES = 29;

    @Test
    void presetIsNeMosQuartzNet5x5() {
        RunConfig config = Presets.load("quartznet");
        QuartzNetConfig model = (QuartzNetConfig) config.model();
        List<String> blocks = new ArrayList<>();
        for (QuartzBlock b : model.blocks()) {
            blocks.add(b.channels() + "k" + b.kernel() + "x" + b.repeat());
        }

        assertThat(config.features().nMels()).isEqualTo(BINS);
        assertThat(model).isEqualTo(QuartzNetConfig.defaults());
        assertThat(blocks)
                .containsExactly(
                        "256k33x1",
                        "256k33x5",
                        "256k39x5",
                        "512k51x5",
                        "512k63x5",
                        "512k75x5",
                        "512k87x1",
                        "1024k1x1");

        ModelSpec spec = ModelSpecs.of(model, BINS, CLASSES);
        ComputationGraph graph = build(config, spec, 10);
        long trainable = 0;
        for (Map.Entry<String, INDArray> p : graph.paramTable().entrySet()) {
            if (!p.getKey().endsWith("_runningMean") && !p.getKey().endsWith("_runningVar")) {
                trainable += p.getValue().length();
            }
        }
        assertThat(trainable).isEqualTo(6_713_181L);
        assertThat(spec.outputFrames(400)).isEqualTo(200);
        assertThat(spec.outputFrames(401)).isEqualTo(201);
        MaskedDepthwiseConv1d dilated =
                (MaskedDepthwiseConv1d) graph.getLayer("conv7_dw").conf().getLayer();
        assertThat(dilated.geometry().dilationFrames()).isEqualTo(2);
        assertThat(dilated.geometry().padFrames()).isEqualTo(86);
        assertThat(graph.getParam("conv4_1_pw_W").shape()).containsExactly(512, 256, 1, 1);
        assertThat(graph.getParam("conv4_res_W").shape()).containsExactly(512, 256, 1, 1);
        assertThat(graph.getParam("conv6_5_dw_W").shape()).containsExactly(512, 75);
        assertThat(graph.getConfiguration().getVertices()).containsKey("conv6_add");
    }

    @Test
    void realTrainingStepsLowerTheLoss() {
        // no warm-up here: the preset's 200 warm-up steps would keep the first rates near zero
        RunConfig config =
                ConfigFields.with(Presets.load("quartznet"), "optim.schedule.warmup_steps", 0);
        ModelSpec spec = ModelSpecs.of(config.model(), BINS, CLASSES);
        ComputationGraph graph = build(config, spec, 10);
        SpeechBatch batch =
                TrainStepBenchmark.randomBatch(
                        spec,
                        BINS,
                        CLASSES,
                        new TrainStepSettings("quartznet", 2, 150, 1, 0, 1, false));
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
}
