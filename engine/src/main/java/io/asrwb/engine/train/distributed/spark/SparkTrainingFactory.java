package io.asrwb.engine.train.distributed.spark;

import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.train.distributed.ReplicaTraining;
import io.asrwb.engine.train.distributed.ReplicaTrainingFactory;
import org.deeplearning4j.nn.graph.ComputationGraph;

/** Opens a run's training on a Spark cluster ({@code asrwb train --spark-master …}). */
public final class SparkTrainingFactory implements ReplicaTrainingFactory {

    private final SparkSettings settings;

    public SparkTrainingFactory(SparkSettings settings) {
        this.settings = settings;
    }

    @Override
    public ReplicaTraining open(ComputationGraph graph, RunConfig config) {
        return new SparkReplicaTraining(graph, config, settings);
    }
}
