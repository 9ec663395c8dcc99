package io.asrwb.engine.train;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.asrwb.engine.config.ConfigException;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.config.RunConfigYaml;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.OwnerOnly;
import io.asrwb.engine.train.TrainingEvent.EvalCompleted;
import io.asrwb.engine.train.checkpoint.Checkpoint;
import io.asrwb.engine.train.checkpoint.CheckpointStore;
import io.asrwb.engine.train.checkpoint.IncompatibleCheckpointException;
import io.asrwb.engine.train.checkpoint.LoadedCheckpoint;
import io.asrwb.engine.train.checkpoint.ModelFingerprint;
import io.asrwb.engine.train.checkpoint.ModelIdentity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
   * A new run of {@code config} on its dataset ({@code data.dataset}) in {@code runDir}.
   *
   * @throws RunLaunchException when runDir already holds checkpoints, there is nothing to train on,
   *     or the config asks for devices this process does not have ({@link DevicePlan})
   */
  public static PreparedRun prepareNew(Catalog catalog, RunConfig config, Path runDir)
      throws IOException {
    DevicePlan devices = DevicePlan.forLoadedBackend(config.train()); // refuses before writing
    if (Files.isDirectory(runDir.resolve(CheckpointStore.DIRECTORY))
        && CheckpointStore.openReadOnly(runDir).latest().isPresent()) {
      throw new RunLaunchException(runDir + " already holds a run with checkpoints; resume it"
          + " ('asrwb resume " + runDir + "') or choose another run folder");
    }
    OwnerOnly.createDirectories(runDir);
    RunAlphabet alphabet = RunAlphabet.of(config.alphabet(), Path.of(""));
    CatalogCorpus corpus = corpus(catalog, config, alphabet);
    RunConfigYaml.standard().save(config, runDir.resolve(CONFIG_FILE));
    Trainer trainer = Trainer.start(inputs(config, runDir, alphabet, corpus));
    List<String> notes = new ArrayList<>(devices.notes());
    notes.addAll(corpus.notes());
    return new PreparedRun(trainer, runDir, corpus, notes);
  }

  /**
   * Continues the run in {@code runDir} from {@code checkpoint} (its newest when null); later
   * checkpoints are discarded as the run computes those steps again. Call on the thread that
   * will train.
   *
   * @throws RunLaunchException when the folder is no run, has no checkpoint, or the checkpoint
   *     belongs to another model
   */
  public static PreparedRun prepareResume(Catalog catalog, Path runDir, Checkpoint checkpoint)
      throws IOException {
    RunConfig config = readConfig(runDir);
    DevicePlan devices = DevicePlan.forLoadedBackend(config.train());
    Checkpoint from = checkpoint != null ? checkpoint
        : CheckpointStore.openReadOnly(runDir).latest().orElseThrow(() -> new RunLaunchException(
            runDir + " has no complete checkpoint to resume from; start the run again"));
    RunAlphabet alphabet = RunAlphabet.of(config.alphabet(), Path.of(""));
    CatalogCorpus corpus = corpus(catalog, config, alphabet);
    LoadedCheckpoint loaded;
    try {
      loaded = CheckpointStore.openReadOnly(runDir).load(from, expectedIdentity(config, alphabet));
    } catch (IncompatibleCheckpointException e) {
      throw new RunLaunchException(e.getMessage());
    }
    List<String> notes = new ArrayList<>(devices.notes());
    notes.addAll(corpus.notes());
    if (!loaded.state().manifestHash().equals(corpus.manifestHash())) {
      notes.add("dataset " + config.data().dataset() + " changed since the checkpoint (manifest "
          + corpus.manifestHash() + ", was " + loaded.state().manifestHash()
          + "): the resumed run will not repeat the original exactly");
    }
    Trainer trainer =
        Trainer.resume(inputs(config, runDir, alphabet, corpus), loaded, evalHistory(runDir));
    return new PreparedRun(trainer, runDir, corpus, notes);
  }

  /** The config a run folder was started with. */
  public static RunConfig readConfig(Path runDir) throws IOException {
    Path configFile = runDir.resolve(CONFIG_FILE);
    if (!Files.isRegularFile(configFile)) {
      throw new RunLaunchException(runDir + " is not a run folder: it has no " + CONFIG_FILE);
    }
    try {
      return RunConfigYaml.standard().load(configFile);
    } catch (ConfigException e) {
      throw new RunLaunchException(e.getMessage());
    }
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
          "dataset " + config.data().dataset() + " has no utterances in the splits "
              + config.data().trainSplits() + " to train on (data.train_splits)");
    }
    return corpus;
  }

  private static TrainingInputs inputs(
      RunConfig config, Path runDir, RunAlphabet alphabet, CatalogCorpus corpus) {
    return new TrainingInputs(
        config, runDir, alphabet, corpus.train(), corpus.validation(), corpus.manifestHash());
  }

  /** The identity of the model the run's config describes, to refuse a foreign checkpoint. */
  private static ModelIdentity expectedIdentity(RunConfig config, RunAlphabet alphabet) {
    SpeechFeatures features = new SpeechFeatures(config.features());
    ComputationGraph graph =
        SpeechModels.build(SpeechModels.spec(config.model(), features.featureCount(), alphabet.size()),
            config.optim(), StepLearningRate.of(config.optim(), 1, 1), config.train().seed());
    return new ModelIdentity(ModelFingerprint.of(graph, alphabet.labels()), alphabet.labels());
  }

  /** The run's earlier evaluations (step and WER) from its events file, for early stopping. */
  private static List<EvalCompleted> evalHistory(Path runDir) throws IOException {
    Path events = runDir.resolve(JsonLinesWriter.EVENTS_FILE);
    List<EvalCompleted> out = new ArrayList<>();
    if (!Files.isRegularFile(events)) {
      return out;
    }
    ObjectMapper json = new ObjectMapper();
    for (String line : Files.readAllLines(events)) {
      if (line.isBlank()) {
        continue;
      }
      JsonNode node;
      try {
        node = json.readTree(line);
      } catch (IOException torn) {
        continue; // a line cut off by a kill
      }
      if ("eval".equals(node.path("type").asText())) {
        out.add(new EvalCompleted(node.path("step").asLong(), node.path("loss").asDouble(Double.NaN),
            node.path("wer").asDouble(Double.NaN), node.path("cer").asDouble(Double.NaN), List.of()));
      }
    }
    return out;
  }
}
