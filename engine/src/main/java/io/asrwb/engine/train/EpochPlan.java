package io.asrwb.engine.train;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

/**
 * The order of an epoch's batches as a pure function of (seed, epoch, utterances): utterances
 * sorted by duration, cut into duration buckets, shuffled within each bucket, cut into batches,
 * and the batches shuffled; with SortaGrad the first epoch goes shortest first, unshuffled. A
 * resumed run rebuilds the same plan and continues at the saved batch index.
 *
 * <p>The seam for the loader branch's duration-bucket plan, which replaces this class when it lands.
 */
public final class EpochPlan {

  private EpochPlan() {}

  public static List<List<LabelledUtterance>> batches(
      List<LabelledUtterance> utterances,
      long seed,
      int epoch,
      int batchSize,
      int buckets,
      boolean sortagrad) {
    List<LabelledUtterance> sorted = new ArrayList<>(utterances);
    sorted.sort(
        Comparator.comparingDouble(LabelledUtterance::durationSeconds)
            .thenComparing(LabelledUtterance::id));
    if (sortagrad && epoch == 0) {
      return chunks(sorted, batchSize);
    }
    Random random = new Random(seed * 1_000_003L + epoch);
    int bucketCount = Math.max(1, Math.min(buckets, sorted.size()));
    List<List<LabelledUtterance>> batches = new ArrayList<>();
    for (int k = 0; k < bucketCount; k++) {
      int from = (int) ((long) sorted.size() * k / bucketCount);
      int to = (int) ((long) sorted.size() * (k + 1) / bucketCount);
      List<LabelledUtterance> bucket = new ArrayList<>(sorted.subList(from, to));
      Collections.shuffle(bucket, random);
      batches.addAll(chunks(bucket, batchSize));
    }
    Collections.shuffle(batches, random);
    return List.copyOf(batches);
  }

  private static List<List<LabelledUtterance>> chunks(List<LabelledUtterance> list, int size) {
    List<List<LabelledUtterance>> out = new ArrayList<>();
    for (int i = 0; i < list.size(); i += size) {
      out.add(List.copyOf(list.subList(i, Math.min(list.size(), i + size))));
    }
    return out;
  }
}
