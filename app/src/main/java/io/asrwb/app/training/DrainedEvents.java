package io.asrwb.app.training;

import io.asrwb.engine.events.TrainingEvent;
import io.asrwb.engine.events.TrainingEvent.BatchSkipped;
import io.asrwb.engine.events.TrainingEvent.CheckpointSaved;
import io.asrwb.engine.events.TrainingEvent.EvalCompleted;
import io.asrwb.engine.events.TrainingEvent.RunFailed;
import io.asrwb.engine.events.TrainingEvent.RunFinished;
import io.asrwb.engine.events.TrainingEvent.RunStarted;
import io.asrwb.engine.events.TrainingEvent.StepCompleted;
import io.asrwb.engine.events.TrainingEvent.UtteranceFlagged;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a drained batch of the local run's events changes on the dashboard besides the charts
 * (those take the events through {@link ChartFeed}): the status line, the runs list and the
 * checkpoints list to reload, the step times for the ETA.
 */
final class DrainedEvents implements TrainingEvent.Visitor<Void> {

    boolean runsChanged;
    boolean checkpointsChanged;

    /** The last status the batch asks for, or null. */
    String status;

    final List<Double> stepSeconds = new ArrayList<>();

    /** Utterances the run flagged (behind a non-finite loss), one line each: id, reason, audio. */
    final List<String> flagged = new ArrayList<>();

    static DrainedEvents of(List<TrainingEvent> events) {
        DrainedEvents drained = new DrainedEvents();
        events.forEach(e -> e.accept(drained));
        return drained;
    }

    @Override
    public Void started(RunStarted e) {
        runsChanged = true;
        status =
                (e.resumed() ? "resumed at step " + e.step() : "started")
                        + " on "
                        + String.join(", ", e.devices())
                        + " ("
                        + e.parameters()
                        + " parameters)";
        return null;
    }

    @Override
    public Void step(StepCompleted e) {
        stepSeconds.add(e.seconds());
        return null;
    }

    @Override
    public Void eval(EvalCompleted e) {
        return null; // charts only
    }

    @Override
    public Void checkpoint(CheckpointSaved e) {
        checkpointsChanged = true;
        runsChanged = true; // the runs list shows the step reached
        return null;
    }

    @Override
    public Void skipped(BatchSkipped e) {
        status = "step " + e.step() + ": " + e.reason();
        return null;
    }

    @Override
    public Void flagged(UtteranceFlagged e) {
        flagged.add(e.describe());
        status =
                "step "
                        + e.step()
                        + ": flagged "
                        + e.utteranceId()
                        + " in the catalog: "
                        + e.reason();
        return null;
    }

    @Override
    public Void failed(RunFailed e) {
        runsChanged = true;
        status = e.message();
        return null;
    }

    @Override
    public Void finished(RunFinished e) {
        runsChanged = true;
        status =
                "finished at step "
                        + e.step()
                        + " ("
                        + e.reason().name().toLowerCase(Locale.ROOT)
                        + ")";
        return null;
    }
}
