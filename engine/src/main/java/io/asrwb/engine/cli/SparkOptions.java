package io.asrwb.engine.cli;

import io.asrwb.engine.train.distributed.ReplicaTrainingFactory;
import io.asrwb.engine.train.distributed.spark.SparkSettings;
import io.asrwb.engine.train.distributed.spark.SparkTrainingFactory;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * {@code --spark-master} and its companions, shared by {@code train} and {@code resume}: with a
 * master, the run trains on that Spark cluster by parameter averaging (see
 * docs/decisions/spark-multinode.md); without, on this machine.
 */
final class SparkOptions {

    /** One class of Spark and one of dl4j-spark: both jar sets must be there. */
    private static final String[] SPARK_CLASSES = {
        "org.apache.spark.SparkConf",
        "org.deeplearning4j.spark.impl.paramavg.ParameterAveragingTrainingMaster"
    };

    @Option(
            names = "--spark-master",
            paramLabel = "URL",
            description =
                    "train on this Spark cluster (spark://HOST:PORT, or local[N]) by parameter"
                            + " averaging; Spark's jars must be on the class path (./asrwb adds"
                            + " engine/target/spark/jars)")
    String master;

    @Option(
            names = "--spark-replicas",
            paramLabel = "N",
            converter = Bounded.PositiveInt.class,
            description =
                    "model replicas per averaging round, one per Spark executor task slot"
                            + " (default: 2)")
    Integer replicas;

    @Option(
            names = "--spark-executor-classpath",
            paramLabel = "CP",
            description =
                    "class path for the executors, before Spark's (the engine's jars by absolute"
                            + " path); not needed when the workers' SPARK_HOME/jars hold them")
    String executorClassPath;

    @Option(
            names = "--spark-conf",
            paramLabel = "KEY=VALUE",
            description = "a Spark property (repeatable), e.g. spark.executor.memory=4g")
    Map<String, String> conf = new LinkedHashMap<>();

    /**
     * The cluster the run trains on, when a master was given; checked before the run is prepared,
     * so a bad option leaves no run folder behind.
     */
    Optional<ReplicaTrainingFactory> replicaTraining() {
        if (master == null) {
            if (replicas != null || executorClassPath != null || !conf.isEmpty()) {
                throw new CommandFailedException(
                        "--spark-replicas, --spark-executor-classpath and --spark-conf only apply"
                                + " to a Spark run: add --spark-master spark://HOST:PORT");
            }
            return Optional.empty();
        }
        SparkSettings settings;
        try {
            settings =
                    new SparkSettings(
                            master, replicas == null ? 2 : replicas, executorClassPath, conf);
        } catch (IllegalArgumentException e) {
            throw new CommandFailedException(e.getMessage());
        }
        for (String needed : SPARK_CLASSES) {
            try {
                Class.forName(needed, false, SparkOptions.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new CommandFailedException(
                        "--spark-master needs Spark and dl4j-spark on the class"
                                + " path, and "
                                + needed
                                + " is not there: run through ./asrwb (it adds"
                                + " engine/target/spark/jars for --spark-master) or add a job"
                                + " bundle's spark/jars/* to -cp");
            }
        }
        return Optional.of(new SparkTrainingFactory(settings));
    }
}
