package io.asrwb.engine.train.average;

import io.asrwb.engine.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The provenance of an averaged checkpoint, written beside its {@code state.json} as {@value
 * #FILE_NAME}: the run it came from, how its members were chosen, and each member with the hash of
 * its model file. A file of its own rather than a field of {@code state.json}, so the checkpoint
 * format every reader knows stays as it is.
 *
 * @param run the run folder the members were read from, as given
 * @param choice {@code "last N"} or {@code "best N"}
 * @param members the averaged checkpoints, oldest step first
 * @param savedAt when the average was written (ISO-8601, UTC)
 */
public record AveragedFrom(String run, String choice, List<AverageMember> members, String savedAt) {

    public static final String FILE_NAME = "averaged-from.json";

    public AveragedFrom {
        members = List.copyOf(members);
    }

    /** Writes this record into a checkpoint directory. */
    public void writeTo(Path checkpointDir) throws IOException {
        Files.write(
                checkpointDir.resolve(FILE_NAME),
                Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsBytes(this));
    }

    /** The record of a checkpoint directory, or empty when it is not an average. */
    public static Optional<AveragedFrom> readFrom(Path checkpointDir) throws IOException {
        Path file = checkpointDir.resolve(FILE_NAME);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        return Optional.of(Json.mapper().readValue(file.toFile(), AveragedFrom.class));
    }
}
