package io.asrwb.engine.train;

import java.nio.file.Path;

/**
 * An utterance ready for training or evaluation: its audio file, its normalised transcript and
 * that transcript as label ids (1..K-1; empty when the transcript is empty).
 */
public record LabelledUtterance(
    String id, Path audio, double durationSeconds, String text, int[] labels) {

  public LabelledUtterance {
    labels = labels.clone();
  }

  @Override
  public int[] labels() {
    return labels.clone();
  }

  /** Number of labels without copying them. */
  public int labelCount() {
    return labels.length;
  }
}
