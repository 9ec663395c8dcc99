package io.asrwb.engine.train.finetune;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.asrwb.engine.checkpoint.Checkpoint;
import io.asrwb.engine.checkpoint.CheckpointState;
import io.asrwb.engine.checkpoint.CheckpointStore;
import io.asrwb.engine.checkpoint.LoadedCheckpoint;
import io.asrwb.engine.config.ConfigException;
import io.asrwb.engine.config.ConfigMapper;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.config.RunConfigYaml;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** The checkpoint a fine-tuning run names: found, read (its saved config too), its model file hashed. */
final class InitCheckpoint {

    private InitCheckpoint() {}

    /** A checkpoint folder, or a run folder (or its checkpoints/): its newest checkpoint. */
    static LoadedCheckpoint load(Path folder) throws IOException {
        Checkpoint found = locate(folder);
        return CheckpointStore.openReadOnly(found.directory()).load(found);
    }

    /** The checkpoint {@code folder} stands for. */
    static Checkpoint locate(Path folder) throws IOException {
        if (Files.isRegularFile(folder.resolve(Checkpoint.STATE_FILE))) {
            return new Checkpoint(folder, readState(new Checkpoint(folder, 0)).step());
        }
        Path runDir =
                folder.getFileName() != null
                                && folder.getFileName().toString().equals(CheckpointStore.DIRECTORY)
                        ? folder.getParent()
                        : folder;
        if (!Files.isDirectory(runDir)) {
            throw new NoSuchFileException(
                    folder.toString(),
                    null,
                    "train.init_from: no such checkpoint or run folder; pass a checkpoint folder"
                            + " (holding model.zip and state.json) or a run folder");
        }
        return CheckpointStore.openReadOnly(runDir)
                .latest()
                .orElseThrow(
                        () ->
                                new NoSuchFileException(
                                        folder.toString(),
                                        null,
                                        "train.init_from: holds no complete checkpoint"));
    }

    static CheckpointState readState(Checkpoint checkpoint) throws IOException {
        return CheckpointStore.openReadOnly(checkpoint.directory()).readState(checkpoint);
    }

    /** The run config saved in a checkpoint's state. */
    static RunConfig savedConfig(CheckpointState state, Path folder) throws IOException {
        try {
            return RunConfigYaml.standard()
                    .read(ConfigMapper.get().writeValueAsString(state.config()), folder.toString());
        } catch (ConfigException | JsonProcessingException e) {
            throw new IOException(
                    folder + ": the saved config cannot be read: " + e.getMessage(), e);
        }
    }

    /** {@code "sha256:"} and the hex digest of the checkpoint's model file. */
    static String modelSha256(Checkpoint checkpoint) throws IOException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every Java runtime", e);
        }
        try (InputStream in =
                new DigestInputStream(Files.newInputStream(checkpoint.modelFile()), digest)) {
            in.transferTo(OutputStream.nullOutputStream());
        }
        return "sha256:" + HexFormat.of().formatHex(digest.digest());
    }
}
