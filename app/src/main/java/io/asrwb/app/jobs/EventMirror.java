package io.asrwb.app.jobs;

import io.asrwb.engine.events.JsonLinesWriter;
import io.asrwb.engine.files.OwnerOnly;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * The app's copy of the event lines delivered for a job, so its charts are whole again after the
 * app restarts (the follower goes on from its saved offset and never delivers a line twice). A
 * line cut off by a crash is skipped on reading, like any line that is no event.
 */
final class EventMirror {

    static final String FILE = JsonLinesWriter.EVENTS_FILE;

    private final Path file;

    EventMirror(Path jobFolder) {
        this.file = jobFolder.resolve(FILE);
    }

    /** Called on the follower's thread before it saves the offset past this line. */
    void append(String line) {
        try {
            OwnerOnly.createDirectories(file.getParent()); // job state: the user's only
            Files.writeString(
                    file,
                    line + "\n",
                    StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot keep the job's events in "
                            + file
                            + ": "
                            + e.getMessage()
                            + "; check that the folder is writable",
                    e);
        }
    }

    /** The lines kept so far; none when the job was never followed by this app. */
    List<String> read() {
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }
}
