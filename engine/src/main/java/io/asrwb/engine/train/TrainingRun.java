package io.asrwb.engine.train;

import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.data.batching.BatchLoader;
import io.asrwb.engine.data.batching.BatchPlanner;
import io.asrwb.engine.data.batching.LoaderSettings;
import io.asrwb.engine.data.batching.PlanEntry;
import io.asrwb.engine.data.batching.UtteranceFeaturizer;
import java.util.List;
import org.deeplearning4j.nn.graph.ComputationGraph;

/**
 * What every way of training shares: the run's inputs and derived setup, its model and learning
 * rate, the epoch plans, where the run stands, and where its events go.
 *
 * @param batchesPerEpoch batches in an epoch's plan (the same for every epoch)
 */
record TrainingRun(
        TrainingInputs inputs,
        RunSetup setup,
        ComputationGraph graph,
        UtteranceFeaturizer featurizer,
        BatchPlanner planner,
        List<PlanEntry> entries,
        int batchesPerEpoch,
        StepLearningRate learningRate,
        RunProgress progress,
        EventFanOut events,
        LoaderSkips skips) {

    RunConfig config() {
        return inputs.config();
    }

    /** The training batches from where the run stands up to epoch {@code endEpoch} exclusive. */
    BatchLoader openLoader(int endEpoch) {
        long seed = config().train().seed();
        return BatchLoader.epochs(
                inputs.train(),
                featurizer,
                e -> planner.plan(entries, seed, e),
                progress.epoch,
                progress.batchInEpoch,
                endEpoch,
                LoaderSettings.of(config().data()),
                skips::add);
    }
}
