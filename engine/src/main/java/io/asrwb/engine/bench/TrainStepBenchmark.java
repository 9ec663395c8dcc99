package io.asrwb.engine.bench;

import io.asrwb.engine.config.Presets;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.data.batching.BatchPacker;
import io.asrwb.engine.data.batching.Featurized;
import io.asrwb.engine.inference.ModelSpecs;
import io.asrwb.engine.inference.RunAlphabet;
import io.asrwb.engine.inference.SpeechBatch;
import io.asrwb.engine.inference.SpeechFeatures;
import io.asrwb.engine.model.ModelSpec;
import io.asrwb.engine.model.layers.NativeMemory;
import io.asrwb.engine.model.layers.PoolingScope;
import io.asrwb.engine.train.OptimizerStep;
import io.asrwb.engine.train.SpeechModels;
import io.asrwb.engine.train.StepLearningRate;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Times the trainer's own step (forward, backward, clipping, updater: {@link OptimizerStep}) on a
 * preset's model built the way a training run builds it, on random input of the PyTorch peer's
 * shapes (full-length utterances, random labels 40–59 long), so the figures compare with
 * {@code shared/peers/ds2_torch.py} one to one.
 */
public final class TrainStepBenchmark {

    private static final Logger LOG = LoggerFactory.getLogger(TrainStepBenchmark.class);
    private static final double FRAME_SECONDS = 0.01;

    private TrainStepBenchmark() {}

    public static TrainStepResult run(TrainStepSettings settings) {
        BenchRuntime.useThreads(settings.threads());
        RunConfig config = Presets.load(settings.preset());
        SpeechFeatures features = new SpeechFeatures(config.features());
        int classes = RunAlphabet.of(config.alphabet(), Path.of("")).size();
        ModelSpec spec = ModelSpecs.of(config.model(), features.featureCount(), classes);
        long totalSteps = (long) settings.warmup() + settings.steps();
        ComputationGraph graph =
                SpeechModels.build(
                        spec,
                        config.optim(),
                        StepLearningRate.of(config.optim(), totalSteps, totalSteps),
                        config.train().seed());
        SpeechBatch batch = randomBatch(spec, features.featureCount(), classes, settings);
        OptimizerStep step = new OptimizerStep(config.optim().gradClipNorm());

        List<Double> measured = new ArrayList<>();
        for (int i = 0; i < totalSteps; i++) {
            long start = System.nanoTime();
            OptimizerStep.Result result = step.run(graph, batch, i, 0);
            double seconds = (System.nanoTime() - start) / 1e9;
            LOG.info(
                    "step {}: {} s, loss {}, applied {}, rss {} MB, live ND4J buffers {} MB",
                    i,
                    String.format("%.3f", seconds),
                    String.format("%.3f", result.loss()),
                    result.applied(),
                    BenchRuntime.memoryMb("VmRSS"),
                    BenchRuntime.liveNd4jMb());
            if (i >= settings.warmup()) {
                measured.add(seconds);
            }
        }
        long peakRss = BenchRuntime.memoryMb("VmHWM");
        List<LayerTimings.Timing> layers;
        // each layer as a training step runs it: on pooled buffers
        try (PoolingScope ignored = NativeMemory.poolingStep()) {
            layers = settings.perLayer() ? LayerTimings.of(graph, batch) : List.of();
        }
        return new TrainStepResult(settings, graph.numParams(), measured, peakRss, layers);
    }

    /**
     * The peer's batch: N(0,1) features, every utterance full length, labels 1..K-1, 40–59 long,
     * packed by the same {@link BatchPacker} the training loader uses.
     */
    static SpeechBatch randomBatch(
            ModelSpec spec, int bins, int classes, TrainStepSettings settings) {
        int frames = settings.frames();
        Random random = new Random(1);
        List<Featurized.Ready> ready = new ArrayList<>();
        for (int u = 0; u < settings.batch(); u++) {
            float[][] features = new float[frames][bins];
            for (float[] frame : features) {
                for (int f = 0; f < bins; f++) {
                    frame[f] = (float) random.nextGaussian();
                }
            }
            int[] labels = new int[40 + random.nextInt(20)];
            for (int s = 0; s < labels.length; s++) {
                labels[s] = 1 + random.nextInt(classes - 1);
            }
            ready.add(
                    new Featurized.Ready("random-" + u, features, labels, frames * FRAME_SECONDS));
        }
        return SpeechBatch.of(BatchPacker.pack(0, 0, ready, List.of()), spec);
    }
}
