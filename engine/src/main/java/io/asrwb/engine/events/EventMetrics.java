package io.asrwb.engine.events;

import io.asrwb.engine.events.TrainingEvent.EvalCompleted;
import io.asrwb.engine.events.TrainingEvent.StepCompleted;
import java.util.ArrayList;
import java.util.List;

/**
 * The one fold from events to metric points: which event yields which {@link RunMetric} with which
 * value. The catalog writer, the app's local and remote charts and the CLI's progress lines read a
 * run's numbers through it, so a series means the same everywhere.
 */
public final class EventMetrics {

    /** One value of one series at a step; the value may be non-finite (NaN loss, no CER). */
    public record Point(RunMetric metric, long step, double value) {
        public boolean finite() {
            return Double.isFinite(value);
        }
    }

    private static final Fold FOLD = new Fold();

    private EventMetrics() {}

    /** The points {@code event} yields, in {@link RunMetric} order; none for most events. */
    public static List<Point> of(TrainingEvent event) {
        return event.accept(FOLD);
    }

    /** The value {@code event} yields for {@code metric}, NaN when it yields none. */
    public static double value(TrainingEvent event, RunMetric metric) {
        for (Point p : of(event)) {
            if (p.metric() == metric) {
                return p.value();
            }
        }
        return Double.NaN;
    }

    /** Steps and evals carry numbers; the other events none. */
    private static final class Fold extends TrainingEvent.Some<List<Point>> {
        @Override
        protected List<Point> otherwise(TrainingEvent e) {
            return List.of();
        }

        /** A step without a gradient norm (replica rounds) yields no point of it. */
        @Override
        public List<Point> step(StepCompleted e) {
            List<Point> points = new ArrayList<>(5);
            points.add(new Point(RunMetric.TRAIN_LOSS, e.step(), e.loss()));
            points.add(new Point(RunMetric.LEARNING_RATE, e.step(), e.lr()));
            if (!Double.isNaN(e.gradientNorm())) {
                points.add(new Point(RunMetric.GRADIENT_NORM, e.step(), e.gradientNorm()));
            }
            points.add(
                    new Point(RunMetric.UTTERANCES_PER_SECOND, e.step(), e.utterancesPerSecond()));
            points.add(new Point(RunMetric.THROUGHPUT, e.step(), e.audioSecondsPerSecond()));
            return List.copyOf(points);
        }

        @Override
        public List<Point> eval(EvalCompleted e) {
            return List.of(
                    new Point(RunMetric.VAL_LOSS, e.step(), e.loss()),
                    new Point(RunMetric.WER, e.step(), e.wer()),
                    new Point(RunMetric.CER, e.step(), e.cer()));
        }
    }
}
