package io.asrwb.engine.train;

import io.asrwb.engine.audio.AudioFileException;
import java.io.UncheckedIOException;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Features of utterances, computed once and kept while they fit a memory budget (features never
 * change during a run without augmentation, and decoding FLAC is the slow part). Thread-safe.
 */
public final class FeatureCache {

  private final SpeechFeatures features;
  private final long budgetBytes;
  private final Map<String, float[][]> cache = new ConcurrentHashMap<>();
  private final AtomicLong usedBytes = new AtomicLong();

  public FeatureCache(SpeechFeatures features, long budgetBytes) {
    this.features = features;
    this.budgetBytes = budgetBytes;
  }

  public SpeechFeatures features() {
    return features;
  }

  /** Frames {@code [T][F]} of the utterance; callers must not modify them. */
  public float[][] of(LabelledUtterance utterance) {
    float[][] cached = cache.get(utterance.id());
    if (cached != null) {
      return cached;
    }
    float[][] frames;
    try {
      frames = features.ofFile(utterance.audio());
    } catch (AudioFileException e) {
      throw new UncheckedIOException(
          new IOException("utterance " + utterance.id() + ": " + e.getMessage(), e));
    }
    long bytes = (long) frames.length * features.featureCount() * Float.BYTES;
    if (usedBytes.addAndGet(bytes) <= budgetBytes) {
      cache.put(utterance.id(), frames);
    } else {
      usedBytes.addAndGet(-bytes);
    }
    return frames;
  }
}
