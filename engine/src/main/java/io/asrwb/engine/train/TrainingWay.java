package io.asrwb.engine.train;

import io.asrwb.engine.events.TrainingEvent.FinishReason;
import io.asrwb.engine.events.TrainingEvent.RunFailed;
import java.io.IOException;

/**
 * How a run turns batches into steps: one optimizer step at a time on this process's device
 * ({@link SingleDeviceSteps}), or one fit of replicas that average their parameters, DL4J's
 * ParallelWrapper or Spark ({@link ReplicaRounds}). Each advances the run's {@link RunProgress} and
 * reports its steps; what follows a step (evaluation, checkpoint, early stop, a stop request) is
 * the trainer's one {@link AfterStep} for all of them.
 */
sealed interface TrainingWay extends AutoCloseable permits SingleDeviceSteps, ReplicaRounds {

    /** Trains the next step or round, or says why the run ends before it. */
    Outcome next() throws IOException;

    @Override
    void close();

    /** What {@link #next()} did. */
    sealed interface Outcome permits Trained, Ended, Failed {}

    /**
     * Steps were trained.
     *
     * @param stepBefore the run's steps before them
     * @param epochEnded whether they ended an epoch
     */
    record Trained(long stepBefore, boolean epochEnded) implements Outcome {}

    /** Nothing left to train. */
    record Ended(FinishReason reason) implements Outcome {}

    /** Training cannot go on (e.g. too many non-finite batches in a row). */
    record Failed(RunFailed failure) implements Outcome {}
}
