package io.asrwb.engine.train;

import io.asrwb.engine.config.ConfigException;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.config.RunConfigYaml;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.train.TrainingEvent.EvalCompleted;
import io.asrwb.engine.train.checkpoint.Checkpoint;
import io.asrwb.engine.train.checkpoint.CheckpointStore;
import io.asrwb.engine.train.checkpoint.IncompatibleCheckpointException;
import io.asrwb.engine.train.checkpoint.LoadedCheckpoint;
import io.asrwb.engine.train.checkpoint.ModelFingerprint;
import io.asrwb.engine.train.checkpoint.ModelIdentity;
import io.asrwb.engine.train.finetune.FineTuneStart;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.deeplearning4j.nn.graph.ComputationGraph;

/**
 * Assembles a local run the same way for every front end (CLI {@code train}/{@code resume}, the
 * desktop app): corpus from the catalog, config.yaml in the run folder, the trainer built new or
 * from a checkpoint.
 */
public final class RunLauncher {

    /** The run's config, written next to its checkpoints; resume reads it back. */
    public static final String CONFIG_FILE = "config.yaml";

    private RunLauncher() {}

    /**
     * A new run of {@code config} on its dataset ({@code data.dataset}) in {@code runDir}. The
     * folder's {@link RunLock} is the first thing taken in it: a refused call (the folder is being
     * trained, or holds a run already) has changed no byte there. The returned run holds the lock
     * until it is closed.
     *
     * @throws RunLaunchException.InUse when another process trains in runDir
     * @throws RunLaunchException when runDir already holds a run (a config.yaml, events.jsonl or a
     *     checkpoint: resume it instead), there is nothing to train on, or the config asks for
     *     devices this process does not have ({@link DevicePlan})
     */
    public static PreparedRun prepareNew(Catalog catalog, RunConfig config, Path runDir)
            throws IOException {
        DevicePlan devices = DevicePlan.forLoadedBackend(config.train()); // refuses before writing
        RunAlphabet alphabet = RunAlphabet.of(config.alphabet(), Path.of(""));
        CatalogCorpus corpus = corpus(catalog, config, alphabet); // reads the catalog only
        RunLock lock = RunLock.acquire(runDir);
        try {
            refuseExistingRun(runDir);
            RunConfigYaml.standard().save(config, runDir.resolve(CONFIG_FILE));
            List<String> notes = new ArrayList<>(devices.notes());
            notes.addAll(corpus.notes());
            Trainer trainer = newTrainer(inputs(config, runDir, alphabet, corpus), notes);
            return new PreparedRun(trainer, runDir, corpus, notes, lock);
        } catch (IOException | RuntimeException e) {
            lock.close();
            throw e;
        }
    }

    /**
     * Continues the run in {@code runDir} from {@code checkpoint} (its newest when null); later
     * checkpoints are discarded as the run computes those steps again. A run that died before its
     * first checkpoint starts over from step 0 with its config.yaml. Call on the thread that will
     * train. As for {@link #prepareNew}, the folder's lock is taken before anything in it is
     * changed, and the returned run holds it until it is closed.
     *
     * @throws RunLaunchException.InUse when another process trains in runDir
     * @throws RunLaunchException when the folder is no run or the checkpoint belongs to another
     *     model
     */
    public static PreparedRun prepareResume(Catalog catalog, Path runDir, Checkpoint checkpoint)
            throws IOException {
        if (!Files.isRegularFile(runDir.resolve(CONFIG_FILE))) {
            throw notARunFolder(runDir); // before the lock, which would create the folder
        }
        RunLock lock = RunLock.acquire(runDir);
        try {
            return resumeLocked(catalog, runDir, checkpoint, lock);
        } catch (IOException | RuntimeException e) {
            lock.close();
            throw e;
        }
    }

    private static PreparedRun resumeLocked(
            Catalog catalog, Path runDir, Checkpoint checkpoint, RunLock lock) throws IOException {
        RunConfig config = readConfig(runDir);
        DevicePlan devices = DevicePlan.forLoadedBackend(config.train());
        RunAlphabet alphabet = RunAlphabet.of(config.alphabet(), Path.of(""));
        CatalogCorpus corpus = corpus(catalog, config, alphabet);
        List<String> notes = new ArrayList<>(devices.notes());
        notes.addAll(corpus.notes());
        Optional<Checkpoint> from =
                checkpoint != null
                        ? Optional.of(checkpoint)
                        : CheckpointStore.openReadOnly(runDir).latest();
        if (from.isEmpty()) {
            notes.add(
                    runDir
                            + " has no complete checkpoint yet (the run ended before its first):"
                            + " it starts over from step 0 with its "
                            + CONFIG_FILE);
            Trainer trainer = newTrainer(inputs(config, runDir, alphabet, corpus), notes);
            return new PreparedRun(trainer, runDir, corpus, notes, lock);
        }
        LoadedCheckpoint loaded;
        try {
            loaded =
                    CheckpointStore.openReadOnly(runDir)
                            .load(from.get(), expectedIdentity(config, alphabet));
        } catch (IncompatibleCheckpointException e) {
            throw new RunLaunchException(e.getMessage());
        }
        if (!loaded.state().manifestHash().equals(corpus.manifestHash())) {
            notes.add(
                    "dataset "
                            + config.data().dataset()
                            + " changed since the checkpoint (manifest "
                            + corpus.manifestHash()
                            + ", was "
                            + loaded.state().manifestHash()
                            + "): the resumed run will not repeat the original exactly");
        }
        Trainer trainer =
                Trainer.resume(
                        inputs(config, runDir, alphabet, corpus), loaded, evalHistory(runDir));
        return new PreparedRun(trainer, runDir, corpus, notes, lock);
    }

    /** A run from step 0: from scratch, or fine-tuned from {@code train.init_from}. */
    private static Trainer newTrainer(TrainingInputs inputs, List<String> notes)
            throws IOException {
        if (!inputs.config().train().fineTunes()) {
            return Trainer.start(inputs);
        }
        FineTuneStart start;
        try {
            start = FineTuneStart.open(inputs.config(), inputs.alphabet().labels(), Path.of(""));
        } catch (IOException e) {
            throw new RunLaunchException(e.getMessage());
        }
        notes.addAll(start.notes());
        try {
            return Trainer.start(inputs, start::initialise, start.startedFrom());
        } catch (IllegalArgumentException e) {
            throw new RunLaunchException(e.getMessage()); // the shapes differ: one line
        }
    }

    /**
     * A new run goes into a folder of its own: one that holds a run (finished, crashed, or started
     * and killed before its first checkpoint) is resumed, never appended to by a second run whose
     * config.yaml would replace the first one's.
     */
    private static void refuseExistingRun(Path runDir) throws IOException {
        boolean holdsRun =
                Files.exists(runDir.resolve(CONFIG_FILE))
                        || Files.exists(runDir.resolve(JsonLinesWriter.EVENTS_FILE))
                        || (Files.isDirectory(runDir.resolve(CheckpointStore.DIRECTORY))
                                && CheckpointStore.openReadOnly(runDir).latest().isPresent());
        if (holdsRun) {
            throw new RunLaunchException(
                    runDir
                            + " already holds a run; resume it with 'asrwb resume "
                            + runDir
                            + "' or choose another run folder (--out)");
        }
    }

    /** The config a run folder was started with. */
    public static RunConfig readConfig(Path runDir) throws IOException {
        Path configFile = runDir.resolve(CONFIG_FILE);
        if (!Files.isRegularFile(configFile)) {
            throw notARunFolder(runDir);
        }
        try {
            return RunConfigYaml.standard().load(configFile);
        } catch (ConfigException e) {
            throw new RunLaunchException(e.getMessage());
        }
    }

    private static RunLaunchException notARunFolder(Path runDir) {
        return new RunLaunchException(runDir + " is not a run folder: it has no " + CONFIG_FILE);
    }

    private static CatalogCorpus corpus(Catalog catalog, RunConfig config, RunAlphabet alphabet) {
        CatalogCorpus corpus =
                CatalogCorpus.load(
                        catalog,
                        config.data().dataset(),
                        config.data(),
                        alphabet,
                        alphabet.normaliser(config.normaliser()));
        if (corpus.train().isEmpty()) {
            throw new RunLaunchException(
                    "dataset "
                            + config.data().dataset()
                            + " has no utterances in the splits "
                            + config.data().trainSplits()
                            + " to train on (data.train_splits)");
        }
        return corpus;
    }

    private static TrainingInputs inputs(
            RunConfig config, Path runDir, RunAlphabet alphabet, CatalogCorpus corpus) {
        return new TrainingInputs(
                config,
                runDir,
                alphabet,
                corpus.train(),
                corpus.validation(),
                corpus.manifestHash());
    }

    /** The identity of the model the run's config describes, to refuse a foreign checkpoint. */
    private static ModelIdentity expectedIdentity(RunConfig config, RunAlphabet alphabet) {
        SpeechFeatures features = new SpeechFeatures(config.features());
        ComputationGraph graph =
                SpeechModels.build(
                        SpeechModels.spec(config.model(), features.featureCount(), alphabet.size()),
                        config.optim(),
                        StepLearningRate.of(config.optim(), 1, 1),
                        config.train().seed());
        return new ModelIdentity(ModelFingerprint.of(graph, alphabet.labels()), alphabet.labels());
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
