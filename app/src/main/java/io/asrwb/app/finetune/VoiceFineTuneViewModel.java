package io.asrwb.app.finetune;

import io.asrwb.app.AppContext;
import io.asrwb.app.errors.CompareViewModel;
import io.asrwb.app.tasks.ProgressEta;
import io.asrwb.app.tasks.TaskCallbacks;
import io.asrwb.engine.data.SplitChoice;
import io.asrwb.engine.train.Trainer;
import io.asrwb.engine.train.finetune.VoiceRecipe;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.LongProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleLongProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * "Fine-tune on these takes": once the dataset being recorded has {@link #MIN_TAKES} kept takes,
 * holds out a fifth of them (at least 5, seeded, never trained on), fine-tunes the base model on
 * the rest with {@link VoiceRecipe} off the FX thread (step, loss and ETA shown; cancel stops it
 * after its current step), then compares base and fine-tuned model on the held-out takes with the
 * A/B view model, and offers the fine-tuned model for push-to-talk.
 */
public final class VoiceFineTuneViewModel {

    /** Why the bar: a fifth held out leaves 16 to train on; fewer barely move the model. */
    public static final int MIN_TAKES = 20;

    /** Where the flow is. */
    public enum State {
        IDLE,
        TRAINING,
        COMPARING,
        DONE,
        CANCELLED,
        FAILED
    }

    private final AppContext ctx;
    private final RunFolders runs;
    private final Consumer<Path> useModel;
    private final CompareViewModel compare;
    private final StringProperty dataset = new SimpleStringProperty("");
    private final IntegerProperty takes = new SimpleIntegerProperty();
    private final BooleanProperty enough = new SimpleBooleanProperty();
    private final ObjectProperty<Path> base = new SimpleObjectProperty<>();
    private final LongProperty stepCap = new SimpleLongProperty(VoiceRecipe.MAX_STEPS);
    private final ObjectProperty<State> state = new SimpleObjectProperty<>(State.IDLE);
    private final DoubleProperty progress = new SimpleDoubleProperty();
    private final StringProperty progressText = new SimpleStringProperty("");
    private final StringProperty status = new SimpleStringProperty("");
    private final ObjectProperty<FineTuneOutcome> outcome = new SimpleObjectProperty<>();
    private final ObjectProperty<HeldOutScores> scores = new SimpleObjectProperty<>();
    private volatile Trainer trainer;
    private volatile boolean cancelRequested;

    /**
     * @param runsRoot the runs folder: the fine-tuned run goes there, named after the dataset
     * @param useModel makes a checkpoint folder the push-to-talk model (the Transcribe tab's)
     */
    public VoiceFineTuneViewModel(AppContext ctx, Path runsRoot, Consumer<Path> useModel) {
        this.ctx = ctx;
        this.runs = new RunFolders(runsRoot, ctx.clock());
        this.useModel = useModel;
        this.compare = new CompareViewModel(ctx);
        dataset.addListener((o, was, now) -> refresh());
        takes.addListener((o, was, now) -> enough.set(now.intValue() >= MIN_TAKES));
        compare.busyProperty().addListener((o, was, now) -> compared(was && !now));
    }

    /** Counts the dataset's kept takes again (after a take was kept, or another dataset chosen). */
    public void refresh() {
        takes.set(KeptTakes.count(ctx.catalog(), datasetName()));
    }

    /** Holds out, fine-tunes and compares; does nothing while a run is on or takes are too few. */
    public void start() {
        State now = state.get();
        Path from = base.get();
        String name = datasetName();
        if (now == State.TRAINING || now == State.COMPARING || !enough.get()) {
            return;
        }
        if (from == null) {
            status.set("Choose the model to fine-tune first");
            return;
        }
        Path runDir = runs.next(name);
        cancelRequested = false;
        trainer = null;
        outcome.set(null);
        scores.set(null);
        compare.comparisonProperty().set(null);
        progress.set(0);
        progressText.set("");
        state.set(State.TRAINING);
        status.set("Fine-tuning " + from.getFileName() + " on " + name + "…");
        ProgressEta eta = ProgressEta.startingNow();
        long cap = stepCap.get();
        ctx.tasks()
                .run(
                        "Fine-tune on " + name,
                        c -> VoiceFineTuneWork.run(ctx, name, from, runDir, cap, this::started, c),
                        TaskCallbacks.<FineTuneOutcome>of(this::trained, this::failed)
                                .withProgress(
                                        (p, m) -> {
                                            progress.set(Math.max(0, p));
                                            progressText.set(m + eta.suffix(p));
                                        }));
    }

    /** Stops the run after its current step (its checkpoint complete), or the comparison. */
    public void cancel() {
        cancelRequested = true;
        Trainer t = trainer;
        if (t != null) {
            t.stop();
        }
        if (state.get() == State.COMPARING) {
            compare.cancel();
        }
    }

    /** Makes the fine-tuned model the Transcribe tab's push-to-talk model. */
    public void useModel() {
        FineTuneOutcome done = outcome.get();
        if (done != null && state.get() == State.DONE) {
            useModel.accept(done.runDir());
            status.set("Push-to-talk now uses " + done.runDir().getFileName());
        }
    }

    private void started(Trainer t) {
        trainer = t;
        if (cancelRequested) {
            t.stop();
        }
    }

    private void trained(FineTuneOutcome done) {
        trainer = null;
        outcome.set(done);
        if (done.cancelled()) {
            state.set(State.CANCELLED);
            status.set(
                    "Cancelled at step "
                            + done.lastStep()
                            + " of "
                            + done.steps()
                            + "; the run "
                            + done.runDir().getFileName()
                            + " is kept, marked stopped by the user");
            return;
        }
        state.set(State.COMPARING);
        status.set("Comparing on the " + done.heldOut() + " held-out takes…");
        compare.datasetProperty().set(datasetName());
        compare.splitProperty().set(SplitChoice.TEST);
        compare.modelAProperty().set(base.get());
        compare.modelBProperty().set(done.runDir());
        compare.compare();
    }

    private void compared(boolean ended) {
        if (!ended || state.get() != State.COMPARING) {
            return;
        }
        if (compare.comparisonProperty().get() == null) {
            state.set(cancelRequested ? State.CANCELLED : State.FAILED);
            status.set(compare.statusProperty().get());
            return;
        }
        HeldOutScores s = HeldOutScores.of(compare.comparisonProperty().get());
        scores.set(s);
        state.set(State.DONE);
        status.set(s.describe());
    }

    private void failed(Throwable e) {
        trainer = null;
        state.set(State.FAILED);
        status.set(
                "Fine-tuning failed: " + Objects.requireNonNullElse(e.getMessage(), e.toString()));
    }

    private String datasetName() {
        return dataset.get() == null ? "" : dataset.get().strip();
    }

    /** The dataset being recorded (bound to the Record tab's). */
    public StringProperty datasetProperty() {
        return dataset;
    }

    /** Kept takes of the dataset (not excluded by curation). */
    public IntegerProperty takesProperty() {
        return takes;
    }

    /** Whether there are {@link #MIN_TAKES} kept takes: the action is offered. */
    public BooleanProperty enoughProperty() {
        return enough;
    }

    /** The model fine-tuned (a checkpoint or run folder): the demo model unless chosen. */
    public ObjectProperty<Path> baseProperty() {
        return base;
    }

    /** The most steps a run takes ({@link VoiceRecipe#MAX_STEPS}; a test sets a few). */
    public LongProperty stepCapProperty() {
        return stepCap;
    }

    public ObjectProperty<State> stateProperty() {
        return state;
    }

    public DoubleProperty progressProperty() {
        return progress;
    }

    /** "step 12 / 40 · loss 1.234 · ETA 0:40". */
    public StringProperty progressTextProperty() {
        return progressText;
    }

    public StringProperty statusProperty() {
        return status;
    }

    public ObjectProperty<FineTuneOutcome> outcomeProperty() {
        return outcome;
    }

    /** Base vs fine-tuned WER and CER on the held-out takes, once compared. */
    public ObjectProperty<HeldOutScores> scoresProperty() {
        return scores;
    }

    /** The A/B of base (A) and fine-tuned (B) on the held-out takes: rows, verdict, progress. */
    public CompareViewModel compare() {
        return compare;
    }
}
