package io.asrwb.app.jobs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.asrwb.app.training.Metric;
import io.asrwb.engine.train.RunAttempts;
import java.io.IOException;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/**
 * What the Remote jobs tab takes from one {@code events.jsonl} line (the engine's {@code
 * EventJson}): the chart points, and for the node lanes the node that wrote it, its step time and
 * GPU memory where the line has them. A line without {@code node} (or {@code host}) comes from the
 * job's host: single-node runs do not name it; a multi-node plan's lines may.
 *
 * @param startsAt for a {@code started} line, the step its attempt goes on from (the engine's
 *     {@code RunAttempts}: points of earlier attempts after it are void); -1 for other lines
 * @param node the node named by the line, or null
 * @param stepSeconds wall time of the step, or NaN when the line is no step
 * @param gpuMemoryMiB GPU memory in use ({@code gpuMemoryMiB}), or -1 when the line has none
 */
record JobEvent(String type, long step, long startsAt, Map<Metric, Double> points, String node,
    double stepSeconds, long gpuMemoryMiB) {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Empty for a line that is not a JSON object with a type. */
  static Optional<JobEvent> parse(String line) {
    JsonNode e;
    try {
      e = JSON.readTree(line);
    } catch (IOException torn) {
      return Optional.empty();
    }
    if (e == null || !e.isObject() || !e.path("type").isTextual()) {
      return Optional.empty();
    }
    String type = e.path("type").asText();
    Map<Metric, Double> points = new EnumMap<>(Metric.class);
    if (type.equals("step")) {
      put(points, Metric.TRAIN_LOSS, e.path("loss"));
      put(points, Metric.LEARNING_RATE, e.path("lr"));
      put(points, Metric.THROUGHPUT, e.path("audioSecondsPerSecond"));
    } else if (type.equals("eval")) {
      put(points, Metric.VAL_LOSS, e.path("loss"));
      put(points, Metric.WER, e.path("wer"));
      put(points, Metric.CER, e.path("cer"));
    }
    String node = e.path("node").isTextual() ? e.path("node").asText()
        : e.path("host").isTextual() ? e.path("host").asText() : null;
    double seconds = type.equals("step") && e.path("seconds").isNumber()
        ? e.path("seconds").asDouble() : Double.NaN;
    long gpu = e.path("gpuMemoryMiB").isNumber() ? e.path("gpuMemoryMiB").asLong() : -1;
    long startsAt = RunAttempts.startsAt(e).orElse(-1);
    return Optional.of(
        new JobEvent(type, e.path("step").asLong(), startsAt, points, node, seconds, gpu));
  }

  /** The run ended with this line. */
  boolean ends() {
    return type.equals("finished") || type.equals("failed");
  }

  private static void put(Map<Metric, Double> points, Metric metric, JsonNode value) {
    if (value.isNumber() && Double.isFinite(value.asDouble())) {
      points.put(metric, value.asDouble());
    }
  }
}
