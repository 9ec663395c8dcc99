package io.asrwb.app.training;

import io.asrwb.engine.store.RunRecord;
import java.nio.file.Path;

/**
 * A run in the runs list.
 *
 * @param status running, finished, failed, or {@value #INTERRUPTED} when the catalog says running
 *     but no process trains it (the app or machine died)
 */
public record RunRow(long id, String runDir, String status, long lastStep, String message) {

    public static final String INTERRUPTED = "interrupted";

    static RunRow of(RunRecord record, String status) {
        return new RunRow(
                record.id(),
                record.runDir(),
                status,
                record.lastStep(),
                record.message() == null ? "" : record.message());
    }

    RunRow withMessage(String text) {
        return new RunRow(id, runDir, status, lastStep, text);
    }

    public boolean interrupted() {
        return INTERRUPTED.equals(status);
    }

    /** The run folder's name, which says dataset and start time. */
    public String name() {
        Path name = Path.of(runDir).getFileName();
        return name == null ? runDir : name.toString();
    }

    public String label() {
        String by = message.startsWith("trained by ") ? " (" + message + ")" : "";
        return name() + " · " + status + by + " · step " + lastStep;
    }
}
