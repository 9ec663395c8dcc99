package io.asrwb.engine.train.distributed.spark;

import java.util.Map;
import java.util.Objects;

/**
 * Where and how a run trains on Spark.
 *
 * @param master the cluster: {@code spark://host:port} (a standalone master), or {@code local[N]}
 * @param replicas model replicas per averaging round: the cluster's executors (one task slot each)
 * @param executorClassPath class path the executors put before Spark's own (the engine's jars, by
 *     absolute path, the same on every box); empty when the workers' SPARK_HOME/jars hold them
 * @param conf further Spark properties, applied last ({@code --spark-conf key=value})
 */
public record SparkSettings(
        String master, int replicas, String executorClassPath, Map<String, String> conf) {

    public SparkSettings {
        Objects.requireNonNull(master, "master");
        if (!master.startsWith("spark://") && !master.startsWith("local")) {
            throw new IllegalArgumentException(
                    "--spark-master must be spark://HOST:PORT (a standalone"
                            + " master) or local[N], got '"
                            + master
                            + "'");
        }
        if (replicas < 1) {
            throw new IllegalArgumentException(
                    "--spark-replicas must be at least 1, got " + replicas);
        }
        executorClassPath = executorClassPath == null ? "" : executorClassPath;
        conf = Map.copyOf(conf);
    }
}
