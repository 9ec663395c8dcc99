package io.asrwb.engine.train.distributed.spark;

import io.asrwb.engine.config.RunConfig;
import java.util.Optional;

/**
 * What a Spark run cannot train: its parameter averaging feeds DL4J's {@code fit} batches of one
 * size, so neither batches cut by seconds nor accumulated gradients reach it. The CLI asks before
 * it writes a run folder; {@link SparkReplicaTraining} asks again for any other way in.
 */
public final class SparkBatchRules {

    private SparkBatchRules() {}

    /** Why {@code config} cannot train on Spark, or empty when it can. */
    public static Optional<String> refusal(RunConfig config) {
        if (config.data().maxBatchSeconds() > 0) {
            return Optional.of(
                    "data.max_batch_seconds is "
                            + config.data().maxBatchSeconds()
                            + ": Spark's parameter averaging needs batches of one size; set it to"
                            + " 0 and use data.batch_size for Spark runs");
        }
        if (config.train().accumulate() > 1) {
            return Optional.of(
                    "train.accumulate is "
                            + config.train().accumulate()
                            + ": a Spark run trains through DL4J's fit, which cannot accumulate"
                            + " gradients; set train.accumulate: 1 (or raise data.batch_size)"
                            + " for Spark runs");
        }
        return Optional.empty();
    }
}
