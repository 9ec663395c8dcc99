package io.asrwb.engine.train.finetune;

import io.asrwb.engine.train.checkpoint.Checkpoint;
import io.asrwb.engine.train.checkpoint.CheckpointStore;
import io.asrwb.engine.train.checkpoint.LoadedCheckpoint;
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

/** The checkpoint a fine-tuning run names: found, read, and its model file hashed. */
final class InitCheckpoint {

    private InitCheckpoint() {}

    /** A checkpoint folder, or a run folder (or its checkpoints/): its newest checkpoint. */
    static LoadedCheckpoint load(Path folder) throws IOException {
        if (Files.isRegularFile(folder.resolve(Checkpoint.STATE_FILE))) {
            CheckpointStore store = CheckpointStore.openReadOnly(folder);
            long step = store.readState(new Checkpoint(folder, 0)).step();
            return store.load(new Checkpoint(folder, step));
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
        Checkpoint newest =
                CheckpointStore.openReadOnly(runDir)
                        .latest()
                        .orElseThrow(
                                () ->
                                        new NoSuchFileException(
                                                folder.toString(),
                                                null,
                                                "train.init_from: holds no complete checkpoint"));
        return CheckpointStore.openReadOnly(runDir).load(newest);
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
