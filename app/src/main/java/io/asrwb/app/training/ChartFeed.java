package io.asrwb.app.training;

import io.asrwb.engine.events.EventLine;
import io.asrwb.engine.events.EventMetrics;
import io.asrwb.engine.events.TrainingEvent;
import io.asrwb.engine.store.MetricPoint;
import io.asrwb.engine.train.RunAttempts;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The one way a run's events reach its charts, whether the run trains in this app (its
 * listener's events) or on a remote host (the follower's decoded lines): the engine's metric fold
 * ({@link EventMetrics}) for the points, its replay rule ({@link RunAttempts}) for resumed runs, and
 * one change per series per batch, so the FX thread never sees one change per point.
 */
public final class ChartFeed {

    private final RunSeries series;
    private long step;

    /**
     * @param step the step reached before the first event (0 for a new local run, -1 while a remote
     *     job is not known to have started)
     */
    public ChartFeed(RunSeries series, long step) {
        this.series = series;
        this.step = step;
    }

    public RunSeries series() {
        return series;
    }

    /**
     * The step reached: the last any line reported, set back to a resume's step when it starts.
     */
    public long step() {
        return step;
    }

    /** Folds local events in, in order (call on the FX thread). */
    public void foldEvents(List<TrainingEvent> events) {
        fold(events.stream().<EventLine>map(EventLine.Training::new).toList());
    }

    /** Folds a batch of lines in, in order: one change per chart series (call on the FX thread). */
    public void fold(List<EventLine> lines) {
        Map<Metric, List<MetricPoint>> added = new EnumMap<>(Metric.class);
        long forgetAfter = Long.MAX_VALUE;
        for (EventLine line : lines) {
            OptionalLong startsAt = RunAttempts.startsAt(line);
            if (startsAt.isPresent()) { // a resumed (or restarted) attempt: later points of earlier
                // ones go
                long k = startsAt.getAsLong();
                forgetAfter = Math.min(forgetAfter, k);
                added.replaceAll(
                        (metric, points) -> RunAttempts.upTo(points, MetricPoint::step, k));
                step = k;
            }
            step = Math.max(step, line.step());
            if (line instanceof EventLine.Training t) {
                for (EventMetrics.Point p : EventMetrics.of(t.event())) {
                    if (p.finite()) { // a NaN loss or an eval without WER is no point on a chart
                        Metric.charting(p.metric())
                                .ifPresent(
                                        m ->
                                                added.computeIfAbsent(m, key -> new ArrayList<>())
                                                        .add(
                                                                new MetricPoint(
                                                                        m.key(), p.step(),
                                                                        p.value())));
                    }
                }
            }
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
    }
}
