package io.asrwb.engine.train;

import io.asrwb.engine.config.TrainConfig;
import io.asrwb.engine.events.TrainingEvent.EvalCompleted;
import io.asrwb.engine.events.TrainingEvent.FinishReason;
import io.asrwb.engine.events.TrainingEvent.RunFinished;
import java.io.IOException;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * What follows every step or round, whichever {@link TrainingWay} trained it: an evaluation and a
 * checkpoint when their step interval was crossed or the epoch ended, then the end of the run when
 * early stopping says so or a stop was asked for; and the run's last evaluation and checkpoint
 * when it ends.
 */
final class AfterStep {

    private final TrainingRun run;
    private final Validation validation;
    private final EarlyStopping earlyStopping;
    private final RunCheckpoints checkpoints;
    private final BooleanSupplier stopRequested;
    private EvalCompleted lastEval;

    AfterStep(
            TrainingRun run,
            Validation validation,
            EarlyStopping earlyStopping,
            RunCheckpoints checkpoints,
            BooleanSupplier stopRequested) {
        this.run = run;
        this.validation = validation;
        this.earlyStopping = earlyStopping;
        this.checkpoints = checkpoints;
        this.stopRequested = stopRequested;
    }

    /** After {@code trained}: the end of the run, or empty to go on. */
    Optional<RunFinished> after(TrainingWay.Trained trained) throws IOException {
        TrainConfig train = run.config().train();
        long step = run.progress().step;
        if (trained.epochEnded() || crossed(trained.stepBefore(), step, train.evalEverySteps())) {
            evaluate();
        }
        if (trained.epochEnded()
                || crossed(trained.stepBefore(), step, train.checkpointEverySteps())) {
            checkpoint();
        }
        if (evaluatedNow() && earlyStopping.shouldStop()) {
            return Optional.of(finish(FinishReason.EARLY_STOP));
        }
        if (stopRequested.getAsBoolean()) {
            return Optional.of(finish(FinishReason.STOPPED_BY_USER));
        }
        return Optional.empty();
    }

    /**
     * Ends the run: evaluated (unless the user stopped it) and checkpointed at its last step, where
     * that was not done already.
     */
    RunFinished finish(FinishReason reason) throws IOException {
        if (reason != FinishReason.STOPPED_BY_USER && !evaluatedNow()) {
            evaluate();
        }
        if (!checkpoints.savedNow()) {
            checkpoint();
        }
        return new RunFinished(run.progress().step, reason);
    }

    /** Whether a multiple of {@code every} lies in (from, to]. */
    private static boolean crossed(long from, long to, long every) {
        return to / every > from / every;
    }

    private boolean evaluatedNow() {
        return lastEval != null && lastEval.step() == run.progress().step;
    }

    private void evaluate() {
        if (validation.size() == 0) {
            return;
        }
        long step = run.progress().step;
        lastEval = validation.run(run.graph(), step);
        earlyStopping.record(step, lastEval.wer());
        run.events().emit(lastEval);
    }

    private void checkpoint() throws IOException {
        boolean evaluatedNow = evaluatedNow();
        checkpoints.save(
                evaluatedNow ? lastEval : null,
                evaluatedNow && earlyStopping.bestAt(run.progress().step));
    }
}
