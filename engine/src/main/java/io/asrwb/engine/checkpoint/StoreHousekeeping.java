package io.asrwb.engine.checkpoint;

import io.asrwb.engine.files.DurableFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The writable {@link CheckpointStore}'s cleaning: what crashes left behind when it opens, the
 * retention policy after each save, and deletion that never leaves half a checkpoint.
 */
final class StoreHousekeeping {

    private static final Logger LOG = LoggerFactory.getLogger(CheckpointStore.class);

    private StoreHousekeeping() {}

    static void applyRetention(CheckpointStore store, RetentionPolicy retention, long justSaved) {
        Path directory = store.directory();
        try {
            Map<Long, Double> werByStep = new HashMap<>();
            Map<Long, Checkpoint> byStep = new HashMap<>();
            for (Checkpoint checkpoint : store.checkpoints()) {
                byStep.put(checkpoint.step(), checkpoint);
                werByStep.put(checkpoint.step(), werOf(store, checkpoint));
            }
            Set<Long> protectedSteps = new HashSet<>(Set.of(justSaved));
            LatestPointer.read(directory)
                    .flatMap(name -> Optional.of(Checkpoint.stepOf(name)))
                    .filter(OptionalLong::isPresent)
                    .ifPresent(step -> protectedSteps.add(step.getAsLong()));
            for (long step : retention.stepsToDelete(werByStep, protectedSteps)) {
                delete(directory, byStep.get(step));
            }
        } catch (IOException e) {
            LOG.warn(
                    "retention left old checkpoints in {} ({}); they are deleted next time",
                    directory,
                    e.toString());
        }
    }

    private static Double werOf(CheckpointStore store, Checkpoint checkpoint) {
        try {
            return store.readState(checkpoint).metrics().wer();
        } catch (IOException e) {
            LOG.warn(
                    "cannot read the WER of {} ({}); keeping it only as recent",
                    checkpoint,
                    e.toString());
            return null;
        }
    }

    /** Renames first, so a crash mid-delete leaves a hidden leftover, never a half checkpoint. */
    static void delete(Path directory, Checkpoint checkpoint) throws IOException {
        Path trash =
                directory.resolve(
                        CheckpointWriter.uniqueName(
                                CheckpointWriter.TRASH_PREFIX,
                                checkpoint.directory().getFileName().toString()));
        DurableFiles.renameAtomically(checkpoint.directory(), trash);
        DurableFiles.deleteRecursively(trash);
        LOG.info("retention removed checkpoint {}", checkpoint.directory());
    }

    static void removeLeftovers(Path directory) throws IOException {
        try (Stream<Path> entries = Files.list(directory)) {
            for (Path entry : (Iterable<Path>) entries::iterator) {
                String name = entry.getFileName().toString();
                if (name.startsWith(CheckpointWriter.TEMP_PREFIX)) {
                    LOG.info("removing unfinished checkpoint write {}", entry);
                    DurableFiles.deleteRecursively(entry);
                } else if (name.startsWith(CheckpointWriter.TRASH_PREFIX)
                        || name.equals(LatestPointer.TEMP_NAME)) {
                    LOG.info("removing leftover {}", entry);
                    DurableFiles.deleteRecursively(entry);
                } else if (Checkpoint.stepOf(name).isPresent() && Files.isDirectory(entry)) {
                    Optional<String> problem =
                            ChecksumManifest.problem(entry, Checkpoint.FILES, false);
                    if (problem.isPresent()) {
                        LOG.warn("removing incomplete checkpoint {}: {}", entry, problem.get());
                        DurableFiles.deleteRecursively(entry);
                    }
                }
            }
        }
    }
}
