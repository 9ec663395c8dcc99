package io.asrwb.engine.train;

import io.asrwb.engine.checkpoint.Checkpoint;
import io.asrwb.engine.checkpoint.CheckpointStore;
import io.asrwb.engine.config.ConfigException;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.config.RunConfigYaml;
import io.asrwb.engine.events.JsonLinesWriter;
import io.asrwb.engine.inference.RunAlphabet;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.CatalogCorpus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

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
    public static PreparedRun prepareNew(Catalog catalog, RunConfig given, Path runDir)
            throws IOException {
        RunConfig config = given;
        DevicePlan devices = DevicePlan.forLoadedBackend(config.train()); // refuses before writing
        RunAlphabet alphabet = RunAlphabet.of(config.alphabet(), Path.of(""));
        // reads the catalog (and the folder's train-subset.txt, if any) only
        CatalogCorpus corpus = corpus(catalog, config, alphabet, runDir);
        RunLock lock = RunLock.acquire(runDir);
        try {
            refuseExistingRun(runDir);
            GlobalFeatureStats.Filled stats = GlobalFeatureStats.fillIn(config, corpus.train());
            config = stats.config();
            RunConfigYaml.standard().save(config, runDir.resolve(CONFIG_FILE));
            RunSetup setup = RunSetup.of(config, alphabet, devices);
            TrainingInputs inputs = inputs(config, runDir, alphabet, corpus);
            InitialModel initial = InitialModel.of(inputs);
            Trainer trainer = Trainer.start(inputs, setup, initial);
            List<String> notes = new ArrayList<>(devices.notes());
            notes.addAll(corpus.notes());
            notes.addAll(stats.notes());
            notes.addAll(initial.notes());
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
        CatalogCorpus corpus = corpus(catalog, config, alphabet, runDir);
        RunSetup setup = RunSetup.of(config, alphabet, devices);
        TrainingInputs inputs = inputs(config, runDir, alphabet, corpus);
        ResumePlan plan = ResumePlan.decide(inputs, setup, checkpoint);
        List<String> notes = new ArrayList<>(devices.notes());
        notes.addAll(corpus.notes());
        notes.addAll(plan.notes());
        return new PreparedRun(plan.trainer(inputs, setup), runDir, corpus, notes, lock);
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

    private static CatalogCorpus corpus(
            Catalog catalog, RunConfig config, RunAlphabet alphabet, Path runDir)
            throws IOException {
        CatalogCorpus corpus =
                TrainSubset.narrow(
                        CatalogCorpus.load(
                                catalog,
                                config.data().dataset(),
                                config.data(),
                                alphabet.alphabet(),
                                alphabet.normaliser(config.normaliser())),
                        runDir);
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
}
