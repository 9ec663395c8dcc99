package io.asrwb.engine.checkpoint;

import io.asrwb.engine.files.DurableFiles;
import io.asrwb.engine.files.OwnerOnly;
import io.asrwb.engine.store.DiskFull;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Stream;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.deeplearning4j.util.ModelSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The checkpoints of one run, in {@code RUN_DIR/checkpoints/}: one directory per saved step, a
 * {@code latest} pointer, and a retention policy applied after each save.
 *
 * <p>The newest checkpoint is found by step number among complete directories (never by file time);
 * the pointer only confirms it. A directory is complete when its {@code SHA256SUMS} lists every
 * file and the files match it. A writable store has one writer: the run that owns it.
 */
public final class CheckpointStore {

    /** The folder under a run directory that holds its checkpoints. */
    public static final String DIRECTORY = "checkpoints";

    static final String DAMAGED_PREFIX = ".damaged-";

    private static final Logger LOG = LoggerFactory.getLogger(CheckpointStore.class);

    private final Path directory;
    private final RetentionPolicy retention;
    private final boolean writable;

    private CheckpointStore(Path directory, RetentionPolicy retention, boolean writable) {
        this.directory = directory;
        this.retention = retention;
        this.writable = writable;
    }

    /**
     * Opens (creating it if needed) the store of the run in {@code runDir} for saving, and removes
     * what earlier crashes left: unfinished writes, half-deleted checkpoints, incomplete ones.
     */
    public static CheckpointStore open(Path runDir, RetentionPolicy retention) throws IOException {
        Path directory = OwnerOnly.createDirectories(runDir.resolve(DIRECTORY));
        CheckpointStore store = new CheckpointStore(directory, retention, true);
        StoreHousekeeping.removeLeftovers(directory);
        return store;
    }

    /**
     * Opens the store of a run, possibly still running elsewhere, to read checkpoints only: nothing
     * is saved, cleaned or moved.
     */
    public static CheckpointStore openReadOnly(Path runDir) {
        return new CheckpointStore(runDir.resolve(DIRECTORY), RetentionPolicy.keepAll(), false);
    }

    public Path directory() {
        return directory;
    }

    /**
     * Saves {@code graph} with its updater state and {@code state} as checkpoint {@code
     * state.step()}, points {@code latest} at it, then applies the retention policy.
     *
     * @throws IllegalArgumentException if {@code state}'s fingerprint is not {@code graph}'s
     */
    public Checkpoint save(ComputationGraph graph, CheckpointState state) throws IOException {
        return save(graph, state, null);
    }

    /**
     * Saves as {@link #save(ComputationGraph, CheckpointState)} does, with {@code data} (what the
     * run trains on; null: nothing recorded) as the checkpoint's {@value TrainingDataSummary#FILE}.
     */
    public synchronized Checkpoint save(
            ComputationGraph graph, CheckpointState state, TrainingDataSummary data)
            throws IOException {
        if (!writable) {
            throw new IllegalStateException("store " + directory + " was opened read-only");
        }
        String fingerprint = ModelFingerprint.of(graph, state.alphabet());
        if (!fingerprint.equals(state.modelFingerprint())) {
            throw new IllegalArgumentException(
                    "state says model "
                            + state.modelFingerprint()
                            + " but the graph being saved is "
                            + fingerprint
                            + "; compute it with ModelFingerprint.of(graph, alphabet)");
        }
        Checkpoint saved;
        try {
            saved = CheckpointWriter.write(directory, graph, state, data);
            LatestPointer.write(directory, saved.directory().getFileName().toString());
        } catch (IOException e) {
            if (DiskFull.is(e)) {
                throw CheckpointDiskFullException.of(
                        directory, state.step(), latest(), graph.numParams(), e);
            }
            throw e;
        }
        LOG.info("saved checkpoint {}", saved.directory());
        StoreHousekeeping.applyRetention(this, retention, saved.step());
        return saved;
    }

    /**
     * The newest complete checkpoint whose files match their checksums, or empty if there is none. A
     * stale or damaged {@code latest} pointer is logged and passed over; a damaged checkpoint is
     * skipped (and, in a writable store, moved aside as {@code .damaged-…} for inspection).
     */
    public synchronized Optional<Checkpoint> latest() throws IOException {
        List<Checkpoint> newestFirst = new ArrayList<>(checkpoints());
        newestFirst.sort(Comparator.comparingLong(Checkpoint::step).reversed());
        warnIfPointerDisagrees(newestFirst);
        for (Checkpoint candidate : newestFirst) {
            Optional<String> problem =
                    ChecksumManifest.problem(candidate.directory(), Checkpoint.FILES, true);
            if (problem.isEmpty()) {
                return Optional.of(candidate);
            }
            LOG.warn("skipping checkpoint {}: {}", candidate.directory(), problem.get());
            if (writable) {
                Path aside =
                        directory.resolve(
                                CheckpointWriter.uniqueName(
                                        DAMAGED_PREFIX,
                                        candidate.directory().getFileName().toString()));
                DurableFiles.renameAtomically(candidate.directory(), aside);
                LOG.warn("moved damaged checkpoint to {} for inspection", aside);
            }
        }
        return Optional.empty();
    }

    /**
     * Checkpoints whose directories hold a checksum manifest and every file it lists, oldest step
     * first; their content is checked by {@link #latest()} and not here.
     */
    public List<Checkpoint> checkpoints() throws IOException {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        List<Checkpoint> found = new ArrayList<>();
        try (Stream<Path> entries = Files.list(directory)) {
            for (Path entry : (Iterable<Path>) entries::iterator) {
                OptionalLong step = Checkpoint.stepOf(entry.getFileName().toString());
                if (step.isPresent()
                        && Files.isDirectory(entry)
                        && ChecksumManifest.problem(entry, Checkpoint.FILES, false).isEmpty()) {
                    found.add(new Checkpoint(entry, step.getAsLong()));
                }
            }
        }
        found.sort(Comparator.comparingLong(Checkpoint::step));
        return found;
    }

    /** Reads a checkpoint's {@code state.json}. */
    public CheckpointState readState(Checkpoint checkpoint) throws IOException {
        return CheckpointJson.MAPPER.readValue(
                checkpoint.stateFile().toFile(), CheckpointState.class);
    }

    /**
     * Loads a checkpoint's model (with updater state) and state, refusing it if it was made for
     * another model or alphabet than {@code expected}, before the model is read.
     *
     * @throws IncompatibleCheckpointException naming both fingerprints (and the alphabet difference)
     */
    public LoadedCheckpoint load(Checkpoint checkpoint, ModelIdentity expected) throws IOException {
        CheckpointState state = readState(checkpoint);
        if (!state.modelIdentity().equals(expected)) {
            throw new IncompatibleCheckpointException(
                    checkpoint.directory(), state.modelIdentity(), expected);
        }
        return load(checkpoint, state);
    }

    /**
     * Loads a checkpoint's model (with updater state) and state, whatever model it is: for resume
     * (which takes the architecture from the checkpoint) and for trying a model out.
     */
    public LoadedCheckpoint load(Checkpoint checkpoint) throws IOException {
        return load(checkpoint, readState(checkpoint));
    }

    private LoadedCheckpoint load(Checkpoint checkpoint, CheckpointState state) throws IOException {
        ComputationGraph graph =
                ModelSerializer.restoreComputationGraph(checkpoint.modelFile().toFile(), true);
        String fingerprint = ModelFingerprint.of(graph, state.alphabet());
        if (!fingerprint.equals(state.modelFingerprint())) {
            throw new IOException(
                    checkpoint.modelFile()
                            + " holds model "
                            + fingerprint
                            + " but "
                            + checkpoint.stateFile()
                            + " says "
                            + state.modelFingerprint()
                            + "; the checkpoint was assembled from two runs, pick another one");
        }
        return new LoadedCheckpoint(checkpoint, state, graph);
    }

    /**
     * Deletes every checkpoint after {@code step} and points {@code latest} at the newest one left. A
     * run that continues from an older checkpoint calls it first, so that a crash before it saves
     * again cannot resume the abandoned continuation (the newest step always wins).
     */
    public synchronized void discardAfter(long step) throws IOException {
        if (!writable) {
            throw new IllegalStateException("store " + directory + " was opened read-only");
        }
        List<Checkpoint> all = checkpoints();
        for (Checkpoint checkpoint : all) {
            if (checkpoint.step() > step) {
                StoreHousekeeping.delete(directory, checkpoint);
            }
        }
        Optional<Checkpoint> kept =
                all.stream().filter(c -> c.step() <= step).reduce((older, newer) -> newer);
        if (kept.isPresent()) {
            LatestPointer.write(directory, kept.get().directory().getFileName().toString());
        } else {
            Files.deleteIfExists(directory.resolve(LatestPointer.FILE_NAME));
        }
    }

    private void warnIfPointerDisagrees(List<Checkpoint> newestFirst) {
        Optional<String> pointer = LatestPointer.read(directory);
        if (pointer.isEmpty() || newestFirst.isEmpty()) {
            return;
        }
        String newest = newestFirst.get(0).directory().getFileName().toString();
        if (pointer.get().equals(newest)) {
            return;
        }
        boolean pointsAtComplete =
                newestFirst.stream()
                        .anyMatch(
                                c -> c.directory().getFileName().toString().equals(pointer.get()));
        if (pointsAtComplete) {
            LOG.info(
                    "{} is newer than the one latest names ({}): the run stopped between saving it"
                            + " and updating the pointer",
                    newest,
                    pointer.get());
        } else {
            LOG.warn(
                    "latest names {}, which is missing or incomplete; using the newest complete"
                            + " checkpoint",
                    pointer.get());
        }
    }
}
