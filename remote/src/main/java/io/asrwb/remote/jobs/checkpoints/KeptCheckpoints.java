package io.asrwb.remote.jobs.checkpoints;

import io.asrwb.engine.checkpoint.Checkpoint;
import io.asrwb.engine.checkpoint.CheckpointStore;
import io.asrwb.engine.files.AtomicWrite;
import io.asrwb.engine.files.OwnerOnly;
import io.asrwb.engine.train.RunLauncher;
import io.asrwb.remote.jobs.core.JobId;
import io.asrwb.remote.jobs.core.JobRecord;
import io.asrwb.remote.jobs.core.LocalFiles;
import io.asrwb.remote.jobs.core.RemoteLayout;
import io.asrwb.remote.jobs.follow.CheckpointMirror;
import io.asrwb.remote.jobs.follow.EventSink;
import io.asrwb.remote.ssh.ExecResult;
import io.asrwb.remote.ssh.SshException;
import io.asrwb.remote.ssh.SshSession;
import io.asrwb.remote.ssh.TransferListener;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * The newest checkpoints of each remote job, copied to this machine while the job is followed, so
 * that a job whose host is lost goes on elsewhere from where it was, and {@code job fetch} still
 * has a model when the host is gone. Each job has a run folder of its own here ({@code
 * config.yaml}, {@code checkpoints/step-…/}, {@code latest}) laid out as {@link CheckpointFetcher}
 * makes it: a copy arrives under a temporary name, is checked against its {@code SHA256SUMS} and
 * only then renamed into place, so a half copy is never taken for a checkpoint. Only the newest
 * {@link #KEEP} are held, to bound the disk they take.
 */
public final class KeptCheckpoints implements CheckpointMirror {

    /** The folder beside the catalog that holds them. */
    public static final String FOLDER = "remote-checkpoints";

    /** Two, not one: the newest may turn out damaged when it is read back. */
    static final int KEEP = 2;

    private final Path root;

    public KeptCheckpoints(Path root) {
        this.root = root;
    }

    /**
     * Beside the catalog, whose jobs they are: the CLI and the app following jobs of one catalog
     * keep them in one place.
     */
    public static KeptCheckpoints besideCatalog(Path catalogLocation) {
        return new KeptCheckpoints(catalogLocation.resolveSibling(FOLDER));
    }

    /** The job's run folder here. */
    public Path folder(JobId id) {
        return root.resolve(id.value());
    }

    /**
     * The newest kept checkpoint of the job whose files match their checksums (half or damaged
     * copies are passed over), or empty when none has reached this machine.
     */
    public Optional<Checkpoint> newest(JobId id) throws IOException {
        Path folder = folder(id);
        if (!Files.isRegularFile(folder.resolve(RunLauncher.CONFIG_FILE))) {
            return Optional.empty(); // a checkpoint without its run's config cannot be resumed
        }
        return CheckpointStore.openReadOnly(folder).latest();
    }

    @Override
    public boolean saved(SshSession ssh, JobRecord job, EventSink sink) {
        try {
            copyNewest(ssh, job.id());
            return true;
        } catch (SshException.ConnectionLost e) {
            throw e; // the follower reconnects as for its own reads, then asks again
        } catch (IOException | RuntimeException e) {
            sink.note(
                    "could not copy the newest checkpoint of job "
                            + job.id()
                            + " from "
                            + job.host()
                            + " to this machine ("
                            + e.getMessage()
                            + "); trying again after a reconnect or at its"
                            + " next checkpoint");
            return false;
        }
    }

    /**
     * Copies the checkpoint the job's remote {@code latest} names here, unless it is the newest
     * intact one here already, then lets go of all but the newest {@link #KEEP}.
     *
     * @return the checkpoint copied or found here; empty when the run has none yet
     */
    Optional<Checkpoint> copyNewest(SshSession ssh, JobId id) throws IOException {
        Optional<String> name = CheckpointFetcher.latestName(ssh, id);
        if (name.isEmpty()) {
            return Optional.empty();
        }
        Path folder = folder(id);
        Optional<Checkpoint> here =
                newest(id).filter(c -> c.directory().getFileName().toString().equals(name.get()));
        Checkpoint copied =
                here.isPresent()
                        ? here.get()
                        : CheckpointFetcher.fetch(ssh, id, folder, TransferListener.ignore());
        prune(folder);
        return Optional.of(copied);
    }

    /**
     * Lets go of every kept checkpoint of the job: when its run starts over, so that checkpoints of
     * the abandoned run are never mixed with those of the new one.
     */
    public void forget(JobId id) throws IOException {
        Path folder = folder(id);
        if (Files.exists(folder)) {
            Path aside = root.resolve(CheckpointFetcher.PARTIAL_PREFIX + "forgotten-" + id.value());
            LocalFiles.deleteTree(aside);
            Files.move(folder, aside, StandardCopyOption.ATOMIC_MOVE);
            LocalFiles.deleteTree(aside);
        }
    }

    /**
     * Copies the newest kept checkpoint of the job into {@code outDir} (a run folder), as {@code
     * job fetch} does from the host: for when the host cannot be reached.
     */
    public Optional<Checkpoint> copyTo(JobId id, Path outDir) throws IOException {
        Optional<Checkpoint> newest = newest(id);
        if (newest.isEmpty()) {
            return Optional.empty();
        }
        String name = newest.get().directory().getFileName().toString();
        Path partial =
                outDir.resolve(CheckpointStore.DIRECTORY)
                        .resolve(CheckpointFetcher.PARTIAL_PREFIX + name);
        LocalFiles.deleteTree(partial);
        OwnerOnly.createDirectories(partial);
        for (Path file : filesOf(newest.get())) {
            Files.copy(file, partial.resolve(file.getFileName()));
        }
        Path config = folder(id).resolve(RunLauncher.CONFIG_FILE);
        AtomicWrite.replace(
                outDir.resolve(RunLauncher.CONFIG_FILE),
                tmp -> Files.copy(config, tmp, StandardCopyOption.REPLACE_EXISTING));
        return Optional.of(CheckpointFetcher.install(outDir, partial, name));
    }

    /**
     * Puts a kept checkpoint and its run's {@code config.yaml} into the job's run folder on {@code
     * ssh}'s host, where {@code run.sh resume} finds it. The files go to a temporary folder there
     * (named like the engine's unfinished writes, which the engine removes), are checked with
     * {@code sha256sum -c}, and only then is the folder renamed and {@code latest} pointed at it.
     *
     * @param forHost the run's config as the new host runs it: its backend may differ from the lost
     *     host's ({@code train.device}, {@code train.workers})
     */
    public void placeOn(
            SshSession ssh, JobId id, Checkpoint checkpoint, UnaryOperator<String> forHost)
            throws IOException {
        String checkpoints = RemoteLayout.checkpoints(id);
        String name = checkpoint.directory().getFileName().toString();
        String temp = ".tmp-upload-" + name;
        ssh.makeDirectories(checkpoints + "/" + temp);
        Path config = folder(id).resolve(RunLauncher.CONFIG_FILE);
        Path adapted = folder(id).resolve(".upload-" + RunLauncher.CONFIG_FILE);
        try {
            Files.writeString(
                    adapted,
                    forHost.apply(Files.readString(config, StandardCharsets.UTF_8)),
                    StandardCharsets.UTF_8);
            ssh.upload(
                    adapted,
                    RemoteLayout.run(id) + "/" + RunLauncher.CONFIG_FILE,
                    TransferListener.ignore());
        } finally {
            Files.deleteIfExists(adapted);
        }
        for (Path file : filesOf(checkpoint)) {
            ssh.upload(
                    file,
                    checkpoints + "/" + temp + "/" + file.getFileName(),
                    TransferListener.ignore());
        }
        ExecResult placed =
                ssh.exec(
                        List.of(
                                "sh",
                                "-c",
                                "cd \"$1/$2\" && sha256sum -c --quiet SHA256SUMS >&2 && cd .. && rm"
                                        + " -rf \"$3\" && mv \"$2\" \"$3\" && printf"
                                        + " '{\"checkpoint\":\"%s\"}\\n"
                                        + "' \"$3\" >latest.tmp && mv latest.tmp latest",
                                "sh",
                                checkpoints,
                                temp,
                                name));
        if (!placed.succeeded()) {
            throw new SshException(
                    "checkpoint "
                            + name
                            + " of job "
                            + id
                            + " did not arrive intact"
                            + " on "
                            + ssh.label()
                            + " (exit "
                            + placed.exitStatus()
                            + "): "
                            + placed.stderr().strip());
        }
    }

    /** The checkpoint's files, its {@code SHA256SUMS} last (it marks the copy complete). */
    private static List<Path> filesOf(Checkpoint checkpoint) throws IOException {
        List<Path> files = new ArrayList<>();
        Path sums = null;
        try (Stream<Path> entries = Files.list(checkpoint.directory())) {
            for (Path file : (Iterable<Path>) entries.sorted()::iterator) {
                if (file.getFileName().toString().equals("SHA256SUMS")) {
                    sums = file;
                } else {
                    files.add(file);
                }
            }
        }
        if (sums == null) {
            throw new IOException(checkpoint.directory() + " has no SHA256SUMS");
        }
        files.add(sums);
        return files;
    }

    /**
     * Deletes all but the newest {@link #KEEP} complete checkpoints (renamed aside first, so no
     * half-deleted one is ever under a checkpoint's name) and what unfinished copies left.
     */
    private static void prune(Path folder) throws IOException {
        Path checkpoints = folder.resolve(CheckpointStore.DIRECTORY);
        List<Checkpoint> oldestFirst = CheckpointStore.openReadOnly(folder).checkpoints();
        for (Checkpoint old : oldestFirst.subList(0, Math.max(0, oldestFirst.size() - KEEP))) {
            Path aside =
                    checkpoints.resolve(
                            CheckpointFetcher.PARTIAL_PREFIX
                                    + "old-"
                                    + old.directory().getFileName());
            LocalFiles.deleteTree(aside);
            Files.move(old.directory(), aside, StandardCopyOption.ATOMIC_MOVE);
        }
        try (Stream<Path> entries = Files.list(checkpoints)) {
            for (Path entry : entries.toList()) {
                String entryName = entry.getFileName().toString();
                if (entryName.startsWith(CheckpointFetcher.PARTIAL_PREFIX)
                        || entryName.equals("latest.tmp")) {
                    LocalFiles.deleteTree(entry);
                }
            }
        }
    }
}
