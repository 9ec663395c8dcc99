package io.asrwb.app.jobs;

import io.asrwb.app.training.Metric;
import io.asrwb.app.training.RunSeries;
import io.asrwb.engine.store.MetricPoint;
import io.asrwb.engine.train.RunAttempts;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** What the app has of one job's events: its chart series, its node lanes, the step reached. */
final class JobLive {

  /** One delivered line; {@code receivedAt} null for a line replayed from the mirror. */
  record Line(String text, Instant receivedAt) {}

  private final RunSeries series;
  private final NodeLanes lanes = new NodeLanes();
  private long step = -1;

  JobLive(String jobId) {
    series = new RunSeries(jobId, jobId, true);
  }

  RunSeries series() {
    return series;
  }

  NodeLanes lanes() {
    return lanes;
  }

  /**
   * The step reached: the last any event reported, set back to a resume's step when it starts; -1
   * before the first.
   */
  long step() {
    return step;
  }

  /**
   * Folds a batch of lines in, one change per chart series (call on the FX thread).
   *
   * @return true when one of them ended the run
   */
  boolean fold(List<Line> lines, String host) {
    Map<Metric, List<MetricPoint>> added = new EnumMap<>(Metric.class);
    long forgetAfter = Long.MAX_VALUE;
    boolean ended = false;
    for (Line line : lines) {
      var parsed = JobEvent.parse(line.text());
      if (parsed.isEmpty()) {
        continue;
      }
      JobEvent e = parsed.get();
      if (e.startsAt() >= 0) { // a resumed (or restarted) attempt: later points of earlier ones go
        long k = e.startsAt();
        forgetAfter = Math.min(forgetAfter, k);
        added.replaceAll((metric, points) -> RunAttempts.upTo(points, MetricPoint::step, k));
        step = k;
      }
      step = Math.max(step, e.step());
      e.points().forEach((metric, value) -> added.computeIfAbsent(metric, m -> new ArrayList<>())
          .add(new MetricPoint(metric.key(), e.step(), value)));
      lanes.record(e, host, line.receivedAt());
      ended |= e.ends();
    }
    if (forgetAfter != Long.MAX_VALUE) {
      for (Metric metric : Metric.values()) {
        List<MetricPoint> shown = series.points(metric);
        List<MetricPoint> kept = RunAttempts.upTo(shown, MetricPoint::step, forgetAfter);
        if (kept.size() != shown.size()) {
          series.points(metric).setAll(kept);
        }
      }
    }
    added.forEach((metric, points) -> series.points(metric).addAll(points));
    return ended;
  }
}
