package io.asrwb.engine.train;

import io.asrwb.engine.checkpoint.Checkpoint;
import io.asrwb.engine.checkpoint.CheckpointState;
import io.asrwb.engine.checkpoint.CheckpointStore;
import io.asrwb.engine.checkpoint.IncompatibleCheckpointException;
import io.asrwb.engine.checkpoint.LoadedCheckpoint;
import io.asrwb.engine.checkpoint.ModelFingerprint;
import io.asrwb.engine.checkpoint.ModelIdentity;
import io.asrwb.engine.checkpoint.StartedFrom;
import io.asrwb.engine.checkpoint.TrainingDataSummary;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.config.TrainConfig;
import io.asrwb.engine.events.EventCodec;
import io.asrwb.engine.events.EventLine;
import io.asrwb.engine.events.JsonLinesWriter;
import io.asrwb.engine.events.TrainingEvent.EvalCompleted;
import io.asrwb.engine.inference.RunAlphabet;
import io.asrwb.engine.model.ModelSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.deeplearning4j.nn.graph.ComputationGraph;

/**
 * What a resume restores, decided in one place. From the requested checkpoint, else the run's
 * newest complete one: the model with its updater state (refused when the run's config describes
 * another model), the position (step, epoch, next batch), the ND4J generator, the early-stopping
 * history up to that step from the events file, and the removal of the checkpoints after it (the
 * abandoned continuation the resumed run computes again). A run without a checkpoint starts over
 * from step 0. The notes say what the user should know (a dataset changed since the checkpoint).
 */
public final class ResumePlan {

    private final LoadedCheckpoint from;
    private final List<EvalCompleted> history;
    private final List<String> notes;

    private ResumePlan(LoadedCheckpoint from, List<EvalCompleted> history, List<String> notes) {
        this.from = from;
        this.history = List.copyOf(history);
        this.notes = List.copyOf(notes);
    }

    /**
     * The resume of the run in {@code inputs.runDir()} from {@code requested}, or its newest
     * checkpoint when null.
     *
     * @throws RunLaunchException when the checkpoint belongs to another model
     */
    static ResumePlan decide(TrainingInputs inputs, RunSetup setup, Checkpoint requested)
            throws IOException {
        Path runDir = inputs.runDir();
        RunConfig config = inputs.config();
        CheckpointStore store = CheckpointStore.openReadOnly(runDir);
        Optional<Checkpoint> checkpoint =
                requested != null ? Optional.of(requested) : store.latest();
        if (checkpoint.isEmpty()) {
            return new ResumePlan(
                    null,
                    List.of(),
                    List.of(
                            runDir
                                    + " has no complete checkpoint yet (the run ended before its"
                                    + " first): it starts over from step 0 with its "
                                    + RunLauncher.CONFIG_FILE));
        }
        LoadedCheckpoint loaded;
        try {
            loaded =
                    store.load(
                            checkpoint.get(),
                            expectedIdentity(config, inputs.alphabet(), setup.spec()));
        } catch (IncompatibleCheckpointException e) {
            throw new RunLaunchException(e.getMessage());
        }
        List<String> notes = new ArrayList<>();
        if (!loaded.state().manifestHash().equals(inputs.manifestHash())) {
            notes.add(
                    "dataset "
                            + config.data().dataset()
                            + " changed since the checkpoint (manifest "
                            + inputs.manifestHash()
                            + ", was "
                            + loaded.state().manifestHash()
                            + "): the resumed run will not repeat the original exactly");
        }
        return new ResumePlan(loaded, evalHistory(runDir), notes);
    }

    /**
     * The identity of the model the run's config describes, to refuse a foreign checkpoint: taken
     * from the graph's configuration, without building (and initialising) the graph itself.
     */
    static ModelIdentity expectedIdentity(RunConfig config, RunAlphabet alphabet, ModelSpec spec) {
        List<String> labels = alphabet.labels();
        return new ModelIdentity(
                ModelFingerprint.of(
                        SpeechModels.configuration(
                                spec,
                                config.optim(),
                                StepLearningRate.of(config.optim(), 1, 1),
                                config.train().seed()),
                        labels),
                labels);
    }

    public List<String> notes() {
        return notes;
    }

    /** The run's trainer: resumed from the checkpoint, or started over without one. */
    Trainer trainer(TrainingInputs inputs, RunSetup setup) throws IOException {
        return from == null ? Trainer.start(inputs, setup) : Trainer.resume(inputs, setup, this);
    }

    /** The model, its weights and updater state as saved. */
    ComputationGraph graph() {
        return from.graph();
    }

    /** What a fine-tuned run started from, as its checkpoint records it (null: from scratch). */
    StartedFrom startedFrom() {
        return from.state().provenance().startedFrom();
    }

    /**
     * What the model a fine-tuned run started from was trained on, as the checkpoint resumed from
     * records it; null when it does not.
     */
    TrainingDataSummary baseData() throws IOException {
        return TrainingDataSummary.read(from.checkpoint().directory())
                .map(TrainingDataSummary::base)
                .orElse(null);
    }

    /** Where the saved run stood. */
    RunProgress progress() {
        CheckpointState state = from.state();
        return new RunProgress(state.step(), state.epoch(), (int) state.batchInEpoch());
    }

    /** Early stopping as it stood at the checkpoint: the evaluations up to its step. */
    EarlyStopping earlyStopping(TrainConfig train) {
        EarlyStopping early = new EarlyStopping(train);
        history.stream()
                .filter(e -> e.step() <= from.state().step())
                .forEach(e -> early.record(e.step(), e.wer()));
        return early;
    }

    /**
     * Deletes the checkpoints after the one resumed from: a crash after it may have left newer ones
     * from a continuation this run replaces.
     */
    void discardAbandoned(CheckpointStore store) throws IOException {
        store.discardAfter(from.state().step());
    }

    /** Puts the ND4J generator back as saved; on the training thread, after the model is built. */
    void restoreRandom() {
        from.restoreNd4jRandom();
    }

    /**
     * The run's earlier evaluations (step and WER) from its events file, for early stopping: each
     * step's from the attempt that computed it last ({@link RunAttempts}).
     */
    public static List<EvalCompleted> evalHistory(Path runDir) throws IOException {
        Path events = runDir.resolve(JsonLinesWriter.EVENTS_FILE);
        RunAttempts.Fold<EvalCompleted> evals = new RunAttempts.Fold<>(EvalCompleted::step);
        if (!Files.isRegularFile(events)) {
            return evals.points();
        }
        for (String text : Files.readAllLines(events)) {
            // a line cut off by a kill reads as no event and is skipped
            EventCodec.decode(text)
                    .ifPresent(
                            line -> {
                                RunAttempts.startsAt(line).ifPresent(evals::attemptStartsAt);
                                if (line instanceof EventLine.Training t
                                        && t.event() instanceof EvalCompleted e) {
                                    // the history keeps step and numbers; the utterances stay in
                                    // the file
                                    evals.add(
                                            new EvalCompleted(
                                                    e.step(), e.loss(), e.wer(), e.cer(),
                                                    List.of()));
                                }
                            });
        }
        return evals.points();
    }
}
