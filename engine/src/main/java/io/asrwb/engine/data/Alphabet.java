package io.asrwb.engine.data;

/** Placeholder replaced by the datasets work: the model's label set, blank first. */
public final class Alphabet {
  private Alphabet() {}
}
