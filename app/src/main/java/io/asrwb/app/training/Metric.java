package io.asrwb.app.training;

import io.asrwb.engine.events.RunMetric;
import java.util.Optional;

/**
 * The series the dashboard charts: the engine's {@link RunMetric}s that have a chart, with their
 * labels. Local and remote runs and the catalog's rows all name them by the engine's key.
 */
public enum Metric {
    TRAIN_LOSS(RunMetric.TRAIN_LOSS, "train loss"),
    VAL_LOSS(RunMetric.VAL_LOSS, "val loss"),
    WER(RunMetric.WER, "WER"),
    CER(RunMetric.CER, "CER"),
    LEARNING_RATE(RunMetric.LEARNING_RATE, "learning rate"),
    THROUGHPUT(RunMetric.THROUGHPUT, "audio-s/s");

    private final RunMetric source;
    private final String label;

    Metric(RunMetric source, String label) {
        this.source = source;
        this.label = label;
    }

    /** The chart of {@code metric}; none for a series the dashboard does not chart. */
    public static Optional<Metric> charting(RunMetric metric) {
        for (Metric m : values()) {
            if (m.source == metric) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }

    /** The metric's name in the catalog. */
    public String key() {
        return source.key();
    }

    public String label() {
        return label;
    }
}
