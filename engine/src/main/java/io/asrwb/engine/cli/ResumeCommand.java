package io.asrwb.engine.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.asrwb.engine.config.ConfigException;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.config.RunConfigYaml;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.train.CatalogCorpus;
import io.asrwb.engine.train.JsonLinesWriter;
import io.asrwb.engine.train.RunAlphabet;
import io.asrwb.engine.train.SpeechFeatures;
import io.asrwb.engine.train.SpeechModels;
import io.asrwb.engine.train.StepLearningRate;
import io.asrwb.engine.train.Trainer;
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
import java.util.concurrent.Callable;
import org.deeplearning4j.nn.graph.ComputationGraph;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code asrwb resume RUN_DIR}: continues a run exactly where its newest checkpoint left it. */
@Command(name = "resume", mixinStandardHelpOptions = true,
    description = "Continue a run from its newest complete checkpoint: same next batch, same losses.")
final class ResumeCommand implements Callable<Integer> {

  static final String CONFIG_FILE = "config.yaml";

  @Parameters(paramLabel = "RUN_DIR", description = "the run folder (holds config.yaml, checkpoints/)")
  Path runDir;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    Main main = (Main) spec.root().userObject();
    CliOutput output = main.output();
    Path configFile = runDir.resolve(CONFIG_FILE);
    if (!Files.isRegularFile(configFile)) {
      throw new CommandFailedException(runDir + " is not a run folder: it has no " + CONFIG_FILE);
    }
    RunConfig config;
    try {
      config = RunConfigYaml.standard().load(configFile);
    } catch (ConfigException e) {
      throw new CommandFailedException(e.getMessage());
    }
    Checkpoint checkpoint =
        CheckpointStore.openReadOnly(runDir)
            .latest()
            .orElseThrow(() -> new CommandFailedException(runDir + " has no complete checkpoint to"
                + " resume from; start it again with 'asrwb train'"));
    try (Catalog catalog = main.openCatalog()) {
      RunAlphabet alphabet = RunAlphabet.of(config.alphabet(), Path.of(""));
      CatalogCorpus corpus = TrainingSession.corpus(catalog, config, alphabet, output);
      LoadedCheckpoint loaded;
      try {
        loaded = CheckpointStore.openReadOnly(runDir).load(checkpoint, expectedIdentity(config, alphabet));
      } catch (IncompatibleCheckpointException e) {
        throw new CommandFailedException(e.getMessage());
      }
      if (!loaded.state().manifestHash().equals(corpus.manifestHash())) {
        output.note("dataset " + config.data().dataset() + " changed since the checkpoint (manifest "
            + corpus.manifestHash() + ", was " + loaded.state().manifestHash()
            + "): the resumed run will not repeat the original exactly");
      }
      Trainer trainer =
          Trainer.resume(
              TrainingSession.inputs(config, runDir, alphabet, corpus), loaded, evalHistory(runDir));
      return TrainingSession.run(trainer, runDir, catalog, corpus, output);
    }
  }

  /** The identity of the model the run's config describes, to refuse a foreign checkpoint. */
  private static ModelIdentity expectedIdentity(RunConfig config, RunAlphabet alphabet) {
    SpeechFeatures features = new SpeechFeatures(config.features());
    ComputationGraph graph =
        SpeechModels.build(SpeechModels.spec(config.model(), features.featureCount(), alphabet.size()),
            config.optim(), StepLearningRate.of(config.optim(), 1, 1), config.train().seed());
    return new ModelIdentity(ModelFingerprint.of(graph, alphabet.labels()), alphabet.labels());
  }

  /** The run's earlier evaluations (step and WER) from its events file. */
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
