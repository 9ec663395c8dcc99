package io.asrwb.engine.inference;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.asrwb.engine.checkpoint.Checkpoint;
import io.asrwb.engine.checkpoint.CheckpointState;
import io.asrwb.engine.checkpoint.CheckpointStore;
import io.asrwb.engine.checkpoint.LoadedCheckpoint;
import io.asrwb.engine.config.ConfigException;
import io.asrwb.engine.config.ConfigMapper;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.config.RunConfigYaml;
import io.asrwb.engine.model.layers.NativeMemoryJanitor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.deeplearning4j.nn.graph.ComputationGraph;

/**
 * A trained model read from a checkpoint, with the config and alphabet it was trained with: what
 * evaluation and transcription need.
 *
 * @param checkpoint the checkpoint directory it was read from
 * @param shape features, architecture and output frame rate, derived once from config and alphabet
 */
public record TrainedModel(
        ComputationGraph graph,
        RunConfig config,
        RunAlphabet alphabet,
        CheckpointState state,
        Path checkpoint,
        ModelShape shape) {

    public TrainedModel(
            ComputationGraph graph,
            RunConfig config,
            RunAlphabet alphabet,
            CheckpointState state,
            Path checkpoint) {
        this(graph, config, alphabet, state, checkpoint, ModelShape.of(config, alphabet));
    }

    /**
     * Reads a model from a checkpoint directory (holding {@code model.zip} and {@code state.json}),
     * a run directory or its {@code checkpoints/} folder (the newest complete checkpoint).
     */
    public static TrainedModel load(Path path) throws IOException {
        NativeMemoryJanitor.ensureStarted();
        Checkpoint checkpoint = locate(path);
        LoadedCheckpoint loaded = CheckpointStore.openReadOnly(path).load(checkpoint);
        return new TrainedModel(
                loaded.graph(),
                configOf(loaded.state(), checkpoint.stateFile()),
                RunAlphabet.fromLabels(loaded.state().alphabet()),
                loaded.state(),
                checkpoint.directory());
    }

    /** The checkpoint {@code path} stands for. */
    public static Checkpoint locate(Path path) throws IOException {
        if (Files.isRegularFile(path.resolve(Checkpoint.STATE_FILE))) {
            CheckpointState state =
                    CheckpointStore.openReadOnly(path).readState(new Checkpoint(path, 0));
            return new Checkpoint(path, state.step());
        }
        if (Files.isRegularFile(path)) {
            throw new IOException(
                    path
                            + " is a file, not a checkpoint: pass a run folder or a checkpoint"
                            + " folder (the one holding "
                            + Checkpoint.MODEL_FILE
                            + ")");
        }
        Path runDir =
                path.getFileName() != null
                                && path.getFileName().toString().equals(CheckpointStore.DIRECTORY)
                        ? path.getParent()
                        : path;
        if (!Files.isDirectory(runDir)) {
            throw new NoSuchFileException(
                    path.toString(),
                    null,
                    "no such checkpoint or run folder; pass a run folder or a"
                            + " checkpoint folder holding "
                            + Checkpoint.MODEL_FILE);
        }
        return CheckpointStore.openReadOnly(runDir)
                .latest()
                .orElseThrow(
                        () ->
                                new NoSuchFileException(
                                        path.toString(),
                                        null,
                                        "holds no complete checkpoint (model.zip + state.json +"
                                                + " SHA256SUMS); train first, or pass a checkpoint"
                                                + " folder"));
    }

    /** The run config saved in a checkpoint's state. */
    public static RunConfig configOf(CheckpointState state, Path source) throws IOException {
        try {
            return RunConfigYaml.standard()
                    .read(ConfigMapper.get().writeValueAsString(state.config()), source.toString());
        } catch (ConfigException | JsonProcessingException e) {
            throw new IOException(
                    source + ": the saved config cannot be read: " + e.getMessage(), e);
        }
    }
}
