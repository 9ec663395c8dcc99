package io.asrwb.remote.cli;

import io.asrwb.engine.events.ComputeBackend;
import io.asrwb.engine.events.EventCodec;
import io.asrwb.engine.events.EventLine;
import io.asrwb.engine.events.EventMetrics;
import io.asrwb.engine.events.RunMetric;
import io.asrwb.engine.events.TrainingEvent.BatchSkipped;
import io.asrwb.engine.events.TrainingEvent.CheckpointSaved;
import io.asrwb.engine.events.TrainingEvent.EvalCompleted;
import io.asrwb.engine.events.TrainingEvent.RunFailed;
import io.asrwb.engine.events.TrainingEvent.RunFinished;
import io.asrwb.engine.events.TrainingEvent.RunStarted;
import io.asrwb.engine.events.TrainingEvent.StepCompleted;
import io.asrwb.engine.events.TrainingEvent.UtteranceFlagged;
import io.asrwb.engine.events.TrainingEvent.Visitor;
import java.util.Locale;
import java.util.Optional;

/** {@code job attach}'s lines for people, one per event: {@code step 12  loss 3.2140  lr 0.00500}. */
final class AttachLines implements Visitor<String> {

    private AttachLines() {}

    /** The line for {@code line}; none for a heartbeat (one every 30 s would drown the steps). */
    static Optional<String> human(EventLine line) {
        return line.accept(
                new EventLine.Visitor<>() {
                    @Override
                    public Optional<String> training(EventLine.Training t) {
                        return Optional.of(t.event().accept(new AttachLines()));
                    }

                    @Override
                    public Optional<String> beat(EventLine.Beat b) {
                        return Optional.empty();
                    }

                    @Override
                    public Optional<String> unknown(EventLine.Unknown u) {
                        return Optional.of(EventCodec.typeOf(u) + " at step " + u.step());
                    }
                });
    }

    @Override
    public String step(StepCompleted e) {
        return String.format(
                Locale.ROOT,
                "step %d  loss %.4f  lr %.5f",
                e.step(),
                EventMetrics.value(e, RunMetric.TRAIN_LOSS),
                EventMetrics.value(e, RunMetric.LEARNING_RATE));
    }

    @Override
    public String eval(EvalCompleted e) {
        return String.format(
                Locale.ROOT,
                "eval at step %d  WER %.3f  CER %.3f",
                e.step(),
                EventMetrics.value(e, RunMetric.WER),
                EventMetrics.value(e, RunMetric.CER));
    }

    @Override
    public String checkpoint(CheckpointSaved e) {
        return "checkpoint at step " + e.step();
    }

    @Override
    public String started(RunStarted e) {
        return (e.resumed() ? "resumed at step " : "started at step ")
                + e.step()
                + " on "
                + (e.backend() == null ? "?" : ComputeBackend.nameOf(e.backend()))
                + " "
                + e.devices();
    }

    @Override
    public String skipped(BatchSkipped e) {
        return "skipped at step " + e.step();
    }

    @Override
    public String flagged(UtteranceFlagged e) {
        return "flagged at step " + e.step() + ": " + e.describe();
    }

    @Override
    public String failed(RunFailed e) {
        return "failed at step " + e.step() + ": " + e.message();
    }

    @Override
    public String finished(RunFinished e) {
        return "finished at step "
                + e.step()
                + " ("
                + e.reason().name().toLowerCase(Locale.ROOT)
                + ")";
    }
}
