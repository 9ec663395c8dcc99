package io.asrwb.remote.jobs.checkpoints;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.asrwb.engine.checkpoint.Checkpoint;
import io.asrwb.engine.checkpoint.CheckpointStore;
import io.asrwb.engine.files.AtomicWrite;
import io.asrwb.engine.files.OwnerOnly;
import io.asrwb.engine.json.Json;
import io.asrwb.remote.jobs.core.ContentHash;
import io.asrwb.remote.jobs.core.JobId;
import io.asrwb.remote.jobs.core.LocalFiles;
import io.asrwb.remote.jobs.core.RemoteLayout;
import io.asrwb.remote.ssh.SshException;
import io.asrwb.remote.ssh.SshSession;
import io.asrwb.remote.ssh.TransferListener;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Copies a job's newest complete checkpoint into a local run folder ({@code config.yaml},
 * {@code checkpoints/<step>/}, {@code checkpoints/latest}), so {@code asrwb transcribe --model
 * OUT_DIR}, {@code eval} and the Transcribe tab can use it, and the run's TensorBoard log ({@code
 * tensorboard/}, {@link TensorBoardCopy}). It follows the remote {@code latest}
 * pointer, checks every file against the checkpoint's {@code SHA256SUMS} as it arrives, and shows
 * the checkpoint only once complete (downloaded under a temporary name, then renamed). A run that
 * deletes the checkpoint meanwhile (retention) is followed to its newer one.
 */
public final class CheckpointFetcher {

    private static final ObjectMapper JSON = Json.mapper();
    private static final int ATTEMPTS = 3;
    private static final String SUMS = "SHA256SUMS";

    /** A copy being made: never taken for a checkpoint (the engine reads only {@code step-…}). */
    static final String PARTIAL_PREFIX = ".fetching-";

    private CheckpointFetcher() {}

    /** Returns the local checkpoint. */
    public static Checkpoint fetch(SshSession ssh, JobId id, Path outDir, TransferListener progress)
            throws IOException {
        SshException last = null;
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            try {
                return fetchOnce(ssh, id, outDir, progress);
            } catch (SshException.TransferFailed e) {
                last = e; // most likely retention removed it meanwhile: follow latest again
            }
        }
        throw last;
    }

    private static Checkpoint fetchOnce(
            SshSession ssh, JobId id, Path outDir, TransferListener progress) throws IOException {
        String remote = RemoteLayout.checkpoints(id);
        byte[] pointer =
                readSmall(ssh, remote + "/latest")
                        .orElseThrow(
                                () ->
                                        new SshException(
                                                "job "
                                                        + id
                                                        + " has no complete checkpoint yet on "
                                                        + ssh.label()
                                                        + "; fetch again after"
                                                        + " its first `checkpoint` event"));
        String name = pointedAt(ssh, id, pointer);
        byte[] sums =
                readSmall(ssh, remote + "/" + name + "/" + SUMS)
                        .orElseThrow(
                                () ->
                                        new SshException.TransferFailed(
                                                remote + "/" + name + " disappeared", null));
        Map<String, String> expected = parseSums(new String(sums, StandardCharsets.UTF_8));

        Path checkpoints = outDir.resolve(CheckpointStore.DIRECTORY);
        Path partial = checkpoints.resolve(PARTIAL_PREFIX + name);
        OwnerOnly.createDirectories(partial);
        for (Map.Entry<String, String> file : expected.entrySet()) {
            Path local = partial.resolve(file.getKey());
            ssh.download(remote + "/" + name + "/" + file.getKey(), local, progress);
            String actual = ContentHash.sha256(local);
            if (!actual.equals(file.getValue())) {
                Files.delete(local);
                throw new SshException(
                        file.getKey()
                                + " of checkpoint "
                                + name
                                + " of job "
                                + id
                                + " arrived with SHA-256 "
                                + actual
                                + " but "
                                + SUMS
                                + " says "
                                + file.getValue()
                                + "; fetch again");
            }
        }
        Files.write(partial.resolve(SUMS), sums);
        ssh.download(
                RemoteLayout.run(id) + "/config.yaml",
                outDir.resolve("config.yaml"),
                TransferListener.ignore());
        TensorBoardCopy.copy(ssh, id, outDir);
        return install(outDir, partial, name);
    }

    /**
     * Renames a complete, verified copy ({@code partial}, in {@code outDir/checkpoints/}) into
     * place as checkpoint {@code name}, points {@code latest} at it and checks it as the engine
     * would; {@code outDir/config.yaml} must be there already.
     */
    static Checkpoint install(Path outDir, Path partial, String name) throws IOException {
        Path checkpoints = partial.getParent();
        Path target = checkpoints.resolve(name);
        LocalFiles.deleteTree(target);
        Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE);
        // the engine's temp name for the pointer, so its housekeeping removes one a crash left
        Path tmp = checkpoints.resolve("latest.tmp");
        Files.write(tmp, JSON.writeValueAsBytes(Map.of("checkpoint", name)));
        AtomicWrite.commit(tmp, checkpoints.resolve("latest"));
        Checkpoint fetched =
                CheckpointStore.openReadOnly(outDir)
                        .latest()
                        .orElseThrow(
                                () ->
                                        new IOException(
                                                "the checkpoint copied into "
                                                        + target
                                                        + " does not check out locally"));
        if (!fetched.directory().getFileName().toString().equals(name)) {
            throw new IOException(
                    outDir
                            + " holds a newer checkpoint ("
                            + fetched.directory()
                            + ") than the one fetched ("
                            + name
                            + "); fetch into an empty folder");
        }
        return fetched;
    }

    /** The directory name the job's remote {@code latest} pointer holds, empty when it has none. */
    static Optional<String> latestName(SshSession ssh, JobId id) throws IOException {
        Optional<byte[]> pointer = readSmall(ssh, RemoteLayout.checkpoints(id) + "/latest");
        return pointer.isEmpty()
                ? Optional.empty()
                : Optional.of(pointedAt(ssh, id, pointer.get()));
    }

    private static String pointedAt(SshSession ssh, JobId id, byte[] pointer) throws IOException {
        String name = JSON.readTree(pointer).path("checkpoint").asText("");
        if (!name.matches("step-\\d{9,18}")) {
            throw new SshException(
                    RemoteLayout.checkpoints(id)
                            + "/latest on "
                            + ssh.label()
                            + " names no checkpoint ('"
                            + name
                            + "')");
        }
        return name;
    }

    private static Optional<byte[]> readSmall(SshSession ssh, String path) {
        if (ssh.size(path).isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(ssh.readFrom(path, 0, 1 << 20).bytes());
    }

    /** {@code sha256sum} lines: 64 hex digits, two spaces, the file name. */
    private static Map<String, String> parseSums(String text) {
        Map<String, String> sums = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            if (line.length() > 66 && line.startsWith("  ", 64)) {
                String file = line.substring(66);
                if (file.contains("/") || file.startsWith(".")) {
                    throw new SshException(
                            "the checkpoint's "
                                    + SUMS
                                    + " names '"
                                    + file
                                    + "', which is not"
                                    + " a plain file name");
                }
                sums.put(file, line.substring(0, 64));
            }
        }
        if (sums.isEmpty()) {
            throw new SshException("the checkpoint's " + SUMS + " lists no files");
        }
        return sums;
    }
}
