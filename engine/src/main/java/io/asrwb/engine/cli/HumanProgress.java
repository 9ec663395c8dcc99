package io.asrwb.engine.cli;

import io.asrwb.engine.events.ComputeBackend;
import io.asrwb.engine.events.EventMetrics;
import io.asrwb.engine.events.RunMetric;
import io.asrwb.engine.events.TrainingEvent;
import io.asrwb.engine.events.TrainingEvent.BatchSkipped;
import io.asrwb.engine.events.TrainingEvent.CheckpointSaved;
import io.asrwb.engine.events.TrainingEvent.EvalCompleted;
import io.asrwb.engine.events.TrainingEvent.RunFailed;
import io.asrwb.engine.events.TrainingEvent.RunFinished;
import io.asrwb.engine.events.TrainingEvent.RunStarted;
import io.asrwb.engine.events.TrainingEvent.StepCompleted;
import io.asrwb.engine.events.TrainingEvent.UtteranceFlagged;
import io.asrwb.engine.events.TrainingListener;
import java.util.Locale;

/** Training progress for people: every 10th step, every evaluation and checkpoint, the end. */
final class HumanProgress implements TrainingListener {

    private static final int STEP_EVERY = 10;

    private final CliOutput out;

    HumanProgress(CliOutput out) {
        this.out = out;
    }

    @Override
    public void on(TrainingEvent event) {
        event.accept(
                new TrainingEvent.Visitor<Void>() {
                    @Override
                    public Void started(RunStarted e) {
                        out.human(
                                String.format(
                                        Locale.ROOT,
                                        "%s %s at step %d: %,d parameters on %s %s",
                                        e.resumed() ? "resuming" : "training",
                                        e.runDir(),
                                        e.step(),
                                        e.parameters(),
                                        ComputeBackend.nameOf(e.backend()),
                                        e.devices()));
                        return null;
                    }

                    @Override
                    public Void step(StepCompleted e) {
                        if (e.step() % STEP_EVERY == 0) {
                            out.human(
                                    String.format(
                                            Locale.ROOT,
                                            "step %6d  epoch %3d  loss %8.4f  lr %.2e  %6.1f utt/s "
                                                    + " %6.1f audio-s/s",
                                            e.step(),
                                            e.epoch(),
                                            value(e, RunMetric.TRAIN_LOSS),
                                            value(e, RunMetric.LEARNING_RATE),
                                            value(e, RunMetric.UTTERANCES_PER_SECOND),
                                            value(e, RunMetric.THROUGHPUT)));
                        }
                        return null;
                    }

                    @Override
                    public Void eval(EvalCompleted e) {
                        out.human(
                                String.format(
                                        Locale.ROOT,
                                        "eval at step %d: loss %.4f  WER %.2f %%  CER %.2f %%",
                                        e.step(),
                                        value(e, RunMetric.VAL_LOSS),
                                        100 * value(e, RunMetric.WER),
                                        100 * value(e, RunMetric.CER)));
                        return null;
                    }

                    @Override
                    public Void checkpoint(CheckpointSaved e) {
                        out.human("checkpoint " + e.path() + (e.best() ? " (best so far)" : ""));
                        return null;
                    }

                    @Override
                    public Void skipped(BatchSkipped e) {
                        out.human("step " + e.step() + ": " + e.reason() + " " + e.utteranceIds());
                        return null;
                    }

                    @Override
                    public Void flagged(UtteranceFlagged e) {
                        out.human("step " + e.step() + ": flagged " + e.describe());
                        return null;
                    }

                    @Override
                    public Void failed(RunFailed e) {
                        return null; // TrainingSession prints it once, on stderr, as every failure
                        // is
                    }

                    @Override
                    public Void finished(RunFinished e) {
                        out.human(
                                "finished at step "
                                        + e.step()
                                        + ": "
                                        + e.reason().name().toLowerCase(Locale.ROOT));
                        return null;
                    }
                });
    }

    /** The number the charts and the catalog show for the same event ({@link EventMetrics}). */
    private static double value(TrainingEvent e, RunMetric metric) {
        return EventMetrics.value(e, metric);
    }
}
