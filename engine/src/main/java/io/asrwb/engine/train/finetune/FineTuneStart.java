package io.asrwb.engine.train.finetune;

import io.asrwb.engine.checkpoint.LoadedCheckpoint;
import io.asrwb.engine.checkpoint.StartedFrom;
import io.asrwb.engine.checkpoint.TrainingDataSummary;
import io.asrwb.engine.config.ConfigDiff;
import io.asrwb.engine.config.FieldDifference;
import io.asrwb.engine.config.RunConfig;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.deeplearning4j.nn.conf.ComputationGraphConfiguration;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The start of a fine-tuning run ({@code train.init_from}): the checkpoint read once, checked
 * against the run (same features; same model but for the output layer, which starts fresh when the
 * run's alphabet differs), and the run's freshly configured model filled from it with the layers of
 * {@code train.freeze} frozen. Nothing of the checkpoint's optimizer or schedule is kept: the run
 * starts at step 0 with its own.
 */
public final class FineTuneStart {

    private static final Logger LOG = LoggerFactory.getLogger(FineTuneStart.class);

    private final LoadedCheckpoint checkpoint;
    private final List<String> freeze;
    private final StartedFrom startedFrom;
    private final List<String> notes = new ArrayList<>();

    private FineTuneStart(LoadedCheckpoint checkpoint, List<String> freeze, StartedFrom origin) {
        this.checkpoint = checkpoint;
        this.freeze = List.copyOf(freeze);
        this.startedFrom = origin;
    }

    /**
     * Reads {@code config}'s {@code train.init_from} (a checkpoint folder, or a run folder: its
     * newest checkpoint), resolved against {@code baseDir}, for a run whose alphabet has {@code
     * runLabels}.
     *
     * @throws IOException naming the checkpoint and what is wrong: missing, unreadable, or trained
     *     on other features
     */
    public static FineTuneStart open(RunConfig config, List<String> runLabels, Path baseDir)
            throws IOException {
        Path folder = baseDir.resolve(config.train().initFrom());
        LoadedCheckpoint loaded = InitCheckpoint.load(folder);
        checkFeatures(config, loaded, folder);
        boolean alphabetChanged = !loaded.state().alphabet().equals(runLabels);
        StartedFrom origin =
                new StartedFrom(
                        config.train().initFrom(),
                        loaded.state().step(),
                        InitCheckpoint.modelSha256(loaded.checkpoint()),
                        alphabetChanged,
                        config.train().freeze());
        if (alphabetChanged && config.train().freeze().contains("output")) {
            throw new IOException(
                    "train.freeze: 'output' cannot be frozen, the run's alphabet differs from the"
                            + " checkpoint's ("
                            + folder
                            + "), so the output layer starts fresh and must train");
        }
        FineTuneStart start = new FineTuneStart(loaded, config.train().freeze(), origin);
        start.notes.add(
                "fine-tuning from "
                        + folder
                        + " (step "
                        + origin.step()
                        + ", model.zip "
                        + origin.modelSha256()
                        + "): its weights, a fresh optimizer and schedule from step 0");
        if (alphabetChanged) {
            start.notes.add(
                    "the run's alphabet ("
                            + (runLabels.size() - 1)
                            + " characters) differs from the checkpoint's ("
                            + (loaded.state().alphabet().size() - 1)
                            + "): the output layer starts fresh, every other layer is kept");
        }
        if (!config.train().freeze().isEmpty()) {
            start.notes.add("frozen: " + String.join(", ", config.train().freeze()));
        }
        return start;
    }

    /**
     * The run's model: {@code fresh} (the run's configuration, its optimizer and schedule) with
     * the frozen layers frozen, built, and filled with the checkpoint's weights.
     *
     * @throws IllegalArgumentException naming the first place the shapes differ
     */
    public ComputationGraph initialise(ComputationGraphConfiguration fresh) {
        List<String> frozen = FrozenLayers.apply(fresh, freeze);
        ComputationGraph graph = new ComputationGraph(fresh);
        graph.init();
        boolean skipOutput = startedFrom.outputReinitialised();
        Optional<String> difference =
                WeightTransfer.firstDifference(checkpoint.graph(), graph, skipOutput);
        if (difference.isPresent()) {
            throw new IllegalArgumentException(
                    "train.init_from: the model of "
                            + checkpoint.checkpoint().directory()
                            + " differs from this run's: "
                            + difference.get()
                            + "; fine-tuning keeps the model, so copy its model section (the"
                            + " checkpoint's state.json config, or train-config.yaml beside it)");
        }
        WeightTransfer.copy(checkpoint.graph(), graph, skipOutput);
        LOG.info(
                "model filled from {}{}; frozen vertices {}",
                checkpoint.checkpoint().directory(),
                skipOutput ? " (output layer fresh: new alphabet)" : "",
                frozen);
        return graph;
    }

    public StartedFrom startedFrom() {
        return startedFrom;
    }

    /**
     * What the checkpoint was trained on, as it records it (its {@value TrainingDataSummary#FILE});
     * empty when it records nothing.
     */
    public Optional<TrainingDataSummary> baseData() throws IOException {
        return TrainingDataSummary.read(checkpoint.checkpoint().directory());
    }

    /** What the user should read before the run: where it starts from, alphabet, frozen layers. */
    public List<String> notes() {
        return List.copyOf(notes);
    }

    private static void checkFeatures(RunConfig run, LoadedCheckpoint loaded, Path folder)
            throws IOException {
        RunConfig saved = InitCheckpoint.savedConfig(loaded.state(), folder);
        for (FieldDifference d : ConfigDiff.diff(saved, run)) {
            if (d.path().startsWith("features.")) {
                throw new IOException(
                        "train.init_from: "
                                + folder
                                + " was trained with "
                                + d.path()
                                + " = "
                                + d.left()
                                + ", this run has "
                                + d.right()
                                + "; fine-tuning needs the checkpoint's features");
            }
        }
    }
}
