package io.asrwb.engine.train.finetune;

import io.asrwb.engine.checkpoint.Checkpoint;
import io.asrwb.engine.checkpoint.CheckpointState;
import io.asrwb.engine.checkpoint.CheckpointStore;
import io.asrwb.engine.checkpoint.LoadedCheckpoint;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.inference.TrainedModel;
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

    /**
     * The checkpoint {@code folder} stands for, found as every user of a model finds it ({@link
     * TrainedModel#locate}); what is wrong is said as {@code train.init_from}'s problem.
     */
    static Checkpoint locate(Path folder) throws IOException {
        try {
            return TrainedModel.locate(folder);
        } catch (NoSuchFileException e) {
            String reason = e.getReason() == null ? "no such file" : e.getReason();
            throw new NoSuchFileException(e.getFile(), null, "train.init_from: " + reason);
        } catch (IOException e) {
            throw new IOException("train.init_from: " + e.getMessage(), e);
        }
    }

    static CheckpointState readState(Checkpoint checkpoint) throws IOException {
        return CheckpointStore.openReadOnly(checkpoint.directory()).readState(checkpoint);
    }

    /** The run config saved in a checkpoint's state. */
    static RunConfig savedConfig(CheckpointState state, Path folder) throws IOException {
        return TrainedModel.configOf(state, folder);
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
