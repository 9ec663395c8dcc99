package io.asrwb.engine.train.distributed.spark;

import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.train.distributed.ReplicaTraining;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.deeplearning4j.nn.conf.ComputationGraphConfiguration;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.deeplearning4j.spark.api.RDDTrainingApproach;
import org.deeplearning4j.spark.api.Repartition;
import org.deeplearning4j.spark.api.RepartitionStrategy;
import org.deeplearning4j.spark.impl.graph.SparkComputationGraph;
import org.deeplearning4j.spark.impl.paramavg.ParameterAveragingTrainingMaster;
import org.nd4j.linalg.dataset.api.MultiDataSet;
import org.nd4j.linalg.dataset.api.iterator.MultiDataSetIterator;

/**
 * Trains the run's graph on a Spark cluster with DL4J's {@link ParameterAveragingTrainingMaster}:
 * each fit is one averaging round — the driver's batch loader computes {@code replicas ×
 * averaging_frequency} batches (features, masks, augmentation exactly as a local run), they are
 * parallelized to the executors, each replica trains {@code averaging_frequency} of them from the
 * current parameters and updater state, and the averages come back into the graph. Spark reruns
 * the tasks of an executor that dies on the others, so a lost worker costs time, not the run.
 *
 * <p>Why batches are made on the driver, not from audio on the executors: the batches, their
 * order and their augmentation stay those of the local trainer (and of a resumed run), and only
 * the driver's box needs the dataset; the price is the driver's feature CPU time and shipping
 * features (0.5–2× the audio's bytes, by feature kind) to the executors each round.
 *
 * <p>DL4J's gradient sharing ({@code SharedTrainingMaster}) is deliberately not used: in our probe
 * it returned a stale model with exit code 0 after losing a node (docs/decisions/spark-multinode.md).
 */
final class SparkReplicaTraining implements ReplicaTraining {

    private final JavaSparkContext context;
    private final SparkComputationGraph spark;
    private final ComputationGraph graph;
    private final int batchSize;
    private final int replicas;
    private final int averagingFrequency;

    SparkReplicaTraining(ComputationGraph graph, RunConfig config, SparkSettings settings) {
        SparkBatchRules.refusal(config)
                .ifPresent(
                        why -> {
                            throw new IllegalArgumentException(why);
                        });
        this.graph = graph;
        this.batchSize = config.data().batchSize();
        this.replicas = settings.replicas();
        this.averagingFrequency = config.train().averagingFrequency();
        this.context =
                new JavaSparkContext(
                        SparkConfs.of(settings, "asrwb train " + config.data().dataset()));
        ParameterAveragingTrainingMaster master =
                new ParameterAveragingTrainingMaster.Builder(replicas, batchSize)
                        .batchSizePerWorker(batchSize)
                        .averagingFrequency(averagingFrequency)
                        .saveUpdater(true)
                        .workerPrefetchNumBatches(0)
                        // the RDD stays in executor memory: no export directory that every box must
                        // share
                        .rddTrainingApproach(RDDTrainingApproach.Direct)
                        .repartionData(Repartition.Always)
                        .repartitionStrategy(RepartitionStrategy.Balanced)
                        .rngSeed(config.train().seed())
                        .build();
        this.spark = new SparkComputationGraph(context, graph, master);
    }

    @Override
    public void fit(MultiDataSetIterator batches, long step) {
        List<MultiDataSet> round = new ArrayList<>();
        while (batches.hasNext()) {
            round.add(ExactBatches.padded(batches.next(), batchSize));
        }
        if (round.isEmpty()) {
            return;
        }
        ComputationGraphConfiguration conf = graph.getConfiguration();
        int epochs = conf.getEpochCount();
        // the replicas' learning rate is read at the run's step (the schedule is a function of it)
        conf.setIterationCount(Math.toIntExact(step));
        JavaRDD<MultiDataSet> rdd = context.parallelize(round, Math.min(replicas, round.size()));
        try {
            spark.fitMultiDataSet(rdd);
        } finally {
            rdd.unpersist(false);
        }
        // DL4J counts one epoch per fit and averaging_frequency iterations per round; the trainer
        // owns both
        conf.setEpochCount(epochs);
        conf.setIterationCount(Math.toIntExact(step + round.size()));
    }

    @Override
    public long batchesPerFit() {
        return (long) replicas * averagingFrequency;
    }

    @Override
    public double score() {
        return spark.getScore();
    }

    @Override
    public void close() {
        context.stop();
    }
}
