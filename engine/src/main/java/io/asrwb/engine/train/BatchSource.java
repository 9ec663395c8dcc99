package io.asrwb.engine.train;

/**
 * Where the trainer's batches come from. Batch {@code index} of {@code epoch} must be a pure
 * function of the two (and the run seed): exact resume depends on it.
 */
public interface BatchSource {

  /** Batches in {@code epoch}. */
  int batchesIn(int epoch);

  /** The batch at {@code index} of {@code epoch}'s order. */
  SpeechBatch batch(int epoch, int index);
}
