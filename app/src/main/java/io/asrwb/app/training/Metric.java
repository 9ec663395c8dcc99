package io.asrwb.app.training;

/** The series the dashboard charts, by their name in the catalog's {@code metrics} table. */
public enum Metric {
  TRAIN_LOSS("loss", "train loss"),
  VAL_LOSS("eval_loss", "val loss"),
  WER("wer", "WER"),
  CER("cer", "CER"),
  LEARNING_RATE("lr", "learning rate"),
  THROUGHPUT("audio_s_per_s", "audio-s/s");

  private final String key;
  private final String label;

  Metric(String key, String label) {
    this.key = key;
    this.label = label;
  }

  /** The metric's name in the catalog. */
  public String key() {
    return key;
  }

  public String label() {
    return label;
  }
}
