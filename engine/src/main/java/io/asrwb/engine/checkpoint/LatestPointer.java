package io.asrwb.engine.checkpoint;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.asrwb.engine.files.DurableFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code latest} file of a store: a small JSON file naming the newest checkpoint directory. A
 * file rather than a symbolic link, so it works on Windows; swapped by an atomic rename so a reader
 * sees the old or the new name, never half of one.
 */
final class LatestPointer {

    static final String FILE_NAME = "latest";
    static final String TEMP_NAME = "latest.tmp";

    private static final Logger LOG = LoggerFactory.getLogger(LatestPointer.class);

    /** What the file holds. */
    record Content(String checkpoint) {}

    private LatestPointer() {}

    /** Points {@code latest} in {@code checkpointsDir} at {@code directoryName}. */
    static void write(Path checkpointsDir, String directoryName) throws IOException {
        Path temp = checkpointsDir.resolve(TEMP_NAME);
        Files.deleteIfExists(temp);
        DurableFiles.writeForced(
                temp, CheckpointJson.MAPPER.writeValueAsBytes(new Content(directoryName)));
        DurableFiles.renameAtomically(temp, checkpointsDir.resolve(FILE_NAME));
    }

    /** The directory name {@code latest} holds, or empty if it is missing or unreadable. */
    static Optional<String> read(Path checkpointsDir) {
        Path file = checkpointsDir.resolve(FILE_NAME);
        try {
            String name =
                    CheckpointJson.MAPPER.readValue(file.toFile(), Content.class).checkpoint();
            if (name == null || Checkpoint.stepOf(name).isEmpty()) {
                LOG.warn("{} names no checkpoint directory ({}); ignoring it", file, name);
                return Optional.empty();
            }
            return Optional.of(name);
        } catch (NoSuchFileException | java.io.FileNotFoundException e) {
            return Optional.empty();
        } catch (JsonProcessingException e) {
            LOG.warn("{} is damaged ({}); ignoring it", file, e.getOriginalMessage());
            return Optional.empty();
        } catch (IOException e) {
            LOG.warn("cannot read {} ({}); ignoring it", file, e.toString());
            return Optional.empty();
        }
    }
}
