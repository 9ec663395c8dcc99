package io.asrwb.engine.train;

import io.asrwb.engine.config.DataConfig;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Training batches of a corpus in {@link EpochPlan} order, features from a {@link FeatureCache}.
 * The seam the loader branch's background workers and augmentation replace.
 */
public final class CorpusBatches implements BatchSource {

  private final List<LabelledUtterance> utterances;
  private final DataConfig data;
  private final long seed;
  private final FeatureCache cache;
  private final BatchAssembler assembler;
  private final Map<Integer, List<List<LabelledUtterance>>> plans = new ConcurrentHashMap<>();

  public CorpusBatches(
      List<LabelledUtterance> utterances,
      DataConfig data,
      long seed,
      FeatureCache cache,
      BatchAssembler assembler) {
    if (utterances.isEmpty()) {
      throw new IllegalArgumentException("no utterances to train on");
    }
    this.utterances = List.copyOf(utterances);
    this.data = data;
    this.seed = seed;
    this.cache = cache;
    this.assembler = assembler;
  }

  @Override
  public int batchesIn(int epoch) {
    return plan(epoch).size();
  }

  @Override
  public SpeechBatch batch(int epoch, int index) {
    List<LabelledUtterance> batch = plan(epoch).get(index);
    return assembler.assemble(batch, batch.stream().map(cache::of).toList());
  }

  private List<List<LabelledUtterance>> plan(int epoch) {
    if (plans.size() > 4) {
      plans.clear();
    }
    return plans.computeIfAbsent(
        epoch,
        e ->
            EpochPlan.batches(
                utterances,
                seed,
                e,
                data.batchSize(),
                data.durationBuckets(),
                data.sortagrad()));
  }
}
