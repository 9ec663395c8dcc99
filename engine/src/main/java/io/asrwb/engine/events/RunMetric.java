package io.asrwb.engine.events;

/**
 * A series a run's events yield ({@link EventMetrics}): charted by the app, kept in the catalog's
 * {@code metrics} table under its {@link #key()}.
 */
public enum RunMetric {
    TRAIN_LOSS("loss"),
    LEARNING_RATE("lr"),
    GRADIENT_NORM("grad_norm"),
    UTTERANCES_PER_SECOND("utterances_per_s"),
    THROUGHPUT("audio_s_per_s"),
    VAL_LOSS("eval_loss"),
    WER("wer"),
    CER("cer");

    private final String key;

    RunMetric(String key) {
        this.key = key;
    }

    /** The metric's name in the catalog. */
    public String key() {
        return key;
    }
}
