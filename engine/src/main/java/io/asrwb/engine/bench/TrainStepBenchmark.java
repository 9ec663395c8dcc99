package io.asrwb.engine.bench;

import io.asrwb.engine.config.Presets;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.model.ModelSpec;
import io.asrwb.engine.train.LabelledUtterance;
import io.asrwb.engine.train.OptimizerStep;
import io.asrwb.engine.train.RunAlphabet;
import io.asrwb.engine.train.SpeechBatch;
import io.asrwb.engine.train.SpeechFeatures;
import io.asrwb.engine.train.SpeechModels;
import io.asrwb.engine.train.StepLearningRate;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Environment;
import org.nd4j.linalg.factory.Nd4j;
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
    useThreads(settings.threads());
    RunConfig config = Presets.load(settings.preset());
    SpeechFeatures features = new SpeechFeatures(config.features());
    int classes = RunAlphabet.of(config.alphabet(), Path.of("")).size();
    ModelSpec spec = SpeechModels.spec(config.model(), features.featureCount(), classes);
    long totalSteps = settings.warmup() + settings.steps();
    ComputationGraph graph = SpeechModels.build(spec, config.optim(),
        StepLearningRate.of(config.optim(), totalSteps, totalSteps), config.train().seed());
    SpeechBatch batch = randomBatch(spec, features.featureCount(), classes, settings);
    OptimizerStep step = new OptimizerStep(config.optim().gradClipNorm());

    List<Double> measured = new ArrayList<>();
    for (int i = 0; i < totalSteps; i++) {
      long start = System.nanoTime();
      OptimizerStep.Result result = step.run(graph, batch, i, 0);
      double seconds = (System.nanoTime() - start) / 1e9;
      LOG.info("step {}: {} s, loss {}, applied {}, rss {} MB", i, String.format("%.3f", seconds),
          String.format("%.3f", result.loss()), result.applied(), memoryMb("VmRSS"));
      if (i >= settings.warmup()) {
        measured.add(seconds);
      }
    }
    long peakRss = memoryMb("VmHWM");
    List<LayerTimings.Timing> layers = settings.perLayer() ? LayerTimings.of(graph, batch) : List.of();
    return new TrainStepResult(settings, graph.numParams(), measured, peakRss, layers);
  }

  /** libnd4j's op threads and the BLAS threads (OMP_NUM_THREADS also sets both at start-up). */
  private static void useThreads(int threads) {
    Environment env = Nd4j.getEnvironment();
    env.setMaxThreads(threads);
    env.setMaxMasterThreads(threads);
    Nd4j.factory().blas().setMaxThreads(threads);
  }

  /** The peer's batch: N(0,1) features, every utterance full length, labels 1..K-1, 40–59 long. */
  static SpeechBatch randomBatch(ModelSpec spec, int bins, int classes, TrainStepSettings settings) {
    int b = settings.batch();
    int frames = settings.frames();
    Nd4j.getRandom().setSeed(1);
    Random random = new Random(1);
    INDArray features = Nd4j.randn(DataType.FLOAT, b, bins, frames);
    List<LabelledUtterance> utterances = new ArrayList<>();
    int[][] labels = new int[b][];
    int width = 0;
    for (int u = 0; u < b; u++) {
      labels[u] = new int[40 + random.nextInt(20)];
      for (int s = 0; s < labels[u].length; s++) {
        labels[u][s] = 1 + random.nextInt(classes - 1);
      }
      width = Math.max(width, labels[u].length);
      utterances.add(new LabelledUtterance("random-" + u, Path.of("random-" + u + ".wav"),
          frames * FRAME_SECONDS, "", labels[u]));
    }
    INDArray labelArray = Nd4j.zeros(DataType.FLOAT, b, width);
    for (int u = 0; u < b; u++) {
      for (int s = 0; s < labels[u].length; s++) {
        labelArray.putScalar(u, s, labels[u][s]);
      }
    }
    int outFrames = spec.outputFrames(frames);
    int[] outputFrames = new int[b];
    Arrays.fill(outputFrames, outFrames);
    return new SpeechBatch(utterances, features, Nd4j.ones(DataType.FLOAT, b, frames), labelArray,
        Nd4j.ones(DataType.FLOAT, b, outFrames), outputFrames);
  }

  /** A memory line of /proc/self/status in MB (VmHWM is the peak resident set), -1 off Linux. */
  static long memoryMb(String key) {
    Path status = Path.of("/proc/self/status");
    try {
      if (!Files.exists(status)) {
        return -1;
      }
      for (String line : Files.readAllLines(status)) {
        if (line.startsWith(key + ":")) {
          return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024;
        }
      }
    } catch (IOException | NumberFormatException e) {
      LOG.debug("cannot read {} from {}: {}", key, status, e.toString());
    }
    return -1;
  }
}
