package io.asrwb.engine.model.bench;

import io.asrwb.engine.model.Ds2Spec;
import io.asrwb.engine.model.ModelSpec;
import io.asrwb.engine.model.layers.FrameMasks;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.deeplearning4j.nn.api.Layer;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.deeplearning4j.nn.workspace.LayerWorkspaceMgr;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.dataset.MultiDataSet;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.linalg.learning.config.Adam;

/**
 * Hand-run probe (not a unit test): one training step (forward + backward + Adam) of DS2-small on
 * the PyTorch peer's shapes, in float, then a per-layer split of forward and backward time.
 *
 * <p>Run from the repository root after {@code ./mvnw -o -q -pl engine test-compile}:
 *
 * <pre>
 * ./mvnw -o -q -pl engine dependency:build-classpath -Dmdep.outputFile=target/cp.txt
 * OMP_NUM_THREADS=2 java -cp engine/target/test-classes:engine/target/classes:$(cat engine/target/cp.txt) \
 *     io.asrwb.engine.model.bench.TrainStepProbe [steps] [warmup] [batch] [frames]
 * </pre>
 *
 * Prints one summary line (JSON) to stdout: median step seconds, audio seconds per second, peak
 * RSS.
 */
public final class TrainStepProbe {

  private static final int BINS = 161;
  private static final int CLASSES = 29;

  private TrainStepProbe() {}

  public static void main(String[] args) throws IOException {
    int steps = args.length > 0 ? Integer.parseInt(args[0]) : 5;
    int warmup = args.length > 1 ? Integer.parseInt(args[1]) : 2;
    int batch = args.length > 2 ? Integer.parseInt(args[2]) : 8;
    int frames = args.length > 3 ? Integer.parseInt(args[3]) : 400;

    Ds2Spec spec = Ds2Spec.small(BINS, CLASSES);
    ComputationGraph graph = spec.build(1, new Adam(3e-4));
    MultiDataSet data = batch(spec, batch, frames);

    List<Double> times = new ArrayList<>();
    for (int i = 0; i < warmup + steps; i++) {
      long start = System.nanoTime();
      graph.fit(data);
      double seconds = (System.nanoTime() - start) / 1e9;
      System.out.printf("step %d: %.3f s, loss %.3f, rss %d MB%n", i, seconds, graph.score(), rssMb("VmRSS"));
      if (i >= warmup) {
        times.add(seconds);
      }
    }
    double median = median(times);
    perLayerSplit(graph, data);
    System.out.printf(
        "{\"model\": \"asrwb-ds2-small\", \"threads\": \"%s\", \"params\": %d, \"batch\": %d, \"frames\": %d,"
            + " \"median_step_s\": %.4f, \"audio_s_per_s\": %.4f, \"peak_rss_mb\": %d}%n",
        System.getenv().getOrDefault("OMP_NUM_THREADS", "default"), graph.numParams(), batch, frames,
        median, batch * frames * 0.01 / median, rssMb("VmHWM"));
  }

  /** Forward and backward seconds of each of our layers alone, on its real input (one run each). */
  private static void perLayerSplit(ComputationGraph graph, MultiDataSet data) {
    graph.setLayerMaskArrays(data.getFeaturesMaskArrays(), data.getLabelsMaskArrays());
    Map<String, INDArray> activations = graph.feedForward(data.getFeatures(), true, false);
    String previous = ModelSpec.INPUT;
    for (String name : List.of("conv1", "conv2", "lstm1", "lstm2", "lstm3")) {
      Layer layer = graph.getLayer(name);
      INDArray in = activations.get(previous).dup();
      LayerWorkspaceMgr none = LayerWorkspaceMgr.noWorkspaces();
      layer.setInput(in, none);
      long t0 = System.nanoTime();
      INDArray out = layer.activate(true, none);
      long t1 = System.nanoTime();
      layer.backpropGradient(Nd4j.onesLike(out), none);
      long t2 = System.nanoTime();
      System.out.printf("%s: in %s out %s forward %.3f s backward %.3f s%n",
          name, Arrays.toString(in.shape()), Arrays.toString(out.shape()), (t1 - t0) / 1e9, (t2 - t1) / 1e9);
      previous = name;
    }
    graph.clearLayerMaskArrays();
  }

  private static MultiDataSet batch(ModelSpec spec, int batch, int frames) {
    Nd4j.getRandom().setSeed(1);
    Random random = new Random(1);
    INDArray features = Nd4j.randn(DataType.FLOAT, batch, BINS, frames);
    int[] labelLengths = new int[batch];
    int width = 0;
    for (int b = 0; b < batch; b++) {
      labelLengths[b] = 40 + random.nextInt(20);
      width = Math.max(width, labelLengths[b]);
    }
    INDArray labels = Nd4j.zeros(DataType.FLOAT, batch, width);
    for (int b = 0; b < batch; b++) {
      for (int s = 0; s < labelLengths[b]; s++) {
        labels.putScalar(b, s, 1 + random.nextInt(CLASSES - 1));
      }
    }
    int[] valid = new int[batch];
    int[] outValid = new int[batch];
    Arrays.fill(valid, frames);
    Arrays.fill(outValid, spec.outputFrames(frames));
    return new MultiDataSet(
        new INDArray[] {features},
        new INDArray[] {labels},
        new INDArray[] {FrameMasks.mask(valid, frames, DataType.FLOAT)},
        new INDArray[] {FrameMasks.mask(outValid, spec.outputFrames(frames), DataType.FLOAT)});
  }

  private static double median(List<Double> values) {
    List<Double> sorted = new ArrayList<>(values);
    sorted.sort(Double::compare);
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }

  /** A memory line of /proc/self/status in MB (VmHWM is the peak resident set), -1 off Linux. */
  private static long rssMb(String key) throws IOException {
    Path status = Path.of("/proc/self/status");
    if (!Files.exists(status)) {
      return -1;
    }
    for (String line : Files.readAllLines(status)) {
      if (line.startsWith(key + ":")) {
        return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024;
      }
    }
    return -1;
  }
}
