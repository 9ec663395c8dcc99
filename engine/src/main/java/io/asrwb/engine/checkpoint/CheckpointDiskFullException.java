package io.asrwb.engine.checkpoint;

import io.asrwb.engine.store.DiskFull;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A checkpoint could not be written because the disk is full: an expected failure with one line
 * that says what it needs and where the run can go on from, not a stack trace.
 */
public final class CheckpointDiskFullException extends IOException {

    private CheckpointDiskFullException(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * @param latest the newest complete checkpoint after the failure (what resume would take)
     * @param parameters the model's parameter count, for a size estimate when there is no earlier
     *     checkpoint to measure
     */
    static CheckpointDiskFullException of(
            Path directory,
            long step,
            Optional<Checkpoint> latest,
            long parameters,
            IOException cause) {
        // weights and the updater's two moments (Adam), 4 bytes each, when nothing can be measured
        long needed =
                latest.map(c -> sizeOf(c.directory()))
                        .filter(n -> n > 0)
                        .orElse(parameters * 4 * 3);
        String resume =
                latest.map(
                                c ->
                                        "the run can be resumed from step "
                                                + c.step()
                                                + " ('asrwb"
                                                + " resume "
                                                + directory.getParent()
                                                + "')")
                        .orElse("the run has no checkpoint yet: start it again");
        return new CheckpointDiskFullException(
                "cannot write checkpoint "
                        + directory.resolve(Checkpoint.directoryName(step))
                        + ": no space left on device (needs "
                        + DiskFull.megabytes(needed)
                        + "); free space or use another run folder; "
                        + resume,
                cause);
    }

    private static long sizeOf(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile)
                    .mapToLong(
                            p -> {
                                try {
                                    return Files.size(p);
                                } catch (IOException e) {
                                    return 0;
                                }
                            })
                    .sum();
        } catch (IOException e) {
            return 0;
        }
    }
}
