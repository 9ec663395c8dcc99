package io.asrwb.engine.train;

import io.asrwb.engine.config.TrainConfig;
import io.asrwb.engine.data.batching.BatchLoader;
import io.asrwb.engine.data.batching.FeatureBatch;
import io.asrwb.engine.data.batching.LoaderStats;
import io.asrwb.engine.events.TrainingEvent.FinishReason;
import io.asrwb.engine.events.TrainingEvent.StepCompleted;
import io.asrwb.engine.train.distributed.ParallelTraining;
import io.asrwb.engine.train.distributed.ReplicaTraining;

/**
 * Training through replicas that average parameters: DL4J's ParallelWrapper ({@code train.workers
 * > 1}) or Spark ({@link Trainer#trainThrough}). One {@code fit} per epoch (ParallelWrapper) or per
 * averaging round (Spark), or the part of it the run has left, reported as one step event at its
 * end with the model's averaged score; evaluation and a checkpoint follow when their step interval
 * was crossed or the epoch ended. See {@link ParallelTraining} for what differs from the
 * single-device step (no global clipping, no skipping of non-finite batches, not bitwise
 * repeatable).
 */
final class ReplicaRounds implements TrainingWay {

    private final TrainingRun run;
    private final ReplicaTraining replicas;

    ReplicaRounds(TrainingRun run, ReplicaTraining replicas) {
        this.run = run;
        this.replicas = replicas;
    }

    @Override
    public Outcome next() {
        TrainConfig train = run.config().train();
        RunProgress at = run.progress();
        if (at.epoch >= train.epochs()) {
            return new Ended(FinishReason.MAX_EPOCHS);
        }
        if (train.maxSteps() > 0 && at.step >= train.maxSteps()) {
            return new Ended(FinishReason.MAX_STEPS);
        }
        long started = System.nanoTime();
        double lr = run.learningRate().at(at.step);
        LoaderStats stats;
        FeatureBatch last;
        long delivered;
        try (BatchLoader loader = run.openLoader(at.epoch + 1)) {
            long left = train.maxSteps() > 0 ? train.maxSteps() - at.step : Long.MAX_VALUE;
            LoaderMultiDataSets batches =
                    new LoaderMultiDataSets(
                            loader, run.setup().spec(), Math.min(left, replicas.batchesPerFit()));
            replicas.fit(batches, at.step);
            stats = loader.stats();
            last = batches.last();
            delivered = batches.delivered();
        }
        run.skips().report(at.step);
        long before = at.step;
        at.step += delivered;
        int trainedEpoch = at.epoch;
        boolean epochEnded = last == null || last.planIndex() + 1 >= run.batchesPerEpoch();
        if (epochEnded) {
            at.epoch++;
            at.batchInEpoch = 0;
            run.graph().incrementEpochCount();
        } else {
            at.batchInEpoch = last.planIndex() + 1;
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        at.lastLoss = replicas.score();
        run.events()
                .emit(
                        new StepCompleted(
                                at.step,
                                trainedEpoch,
                                at.lastLoss,
                                lr,
                                seconds,
                                stats.utterances() / seconds,
                                stats.audioSeconds() / seconds,
                                Double.NaN)); // replicas clip and average no global gradient
        return new Trained(before, epochEnded);
    }

    @Override
    public void close() {
        replicas.close();
    }
}
