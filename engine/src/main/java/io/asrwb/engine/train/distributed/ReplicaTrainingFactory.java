package io.asrwb.engine.train.distributed;

import io.asrwb.engine.config.RunConfig;
import org.deeplearning4j.nn.graph.ComputationGraph;

/**
 * Opens the {@link ReplicaTraining} a run trains through, for its model and config. The trainer
 * opens it when it starts training and closes it at the end.
 */
@FunctionalInterface
public interface ReplicaTrainingFactory {

    /**
     * @param graph the run's model, trained in place
     */
    ReplicaTraining open(ComputationGraph graph, RunConfig config);
}
