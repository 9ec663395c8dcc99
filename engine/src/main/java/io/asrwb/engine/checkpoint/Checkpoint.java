package io.asrwb.engine.checkpoint;

import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A complete checkpoint directory in a store, {@code checkpoints/step-000001234/}.
 *
 * @param directory the checkpoint's directory
 * @param step the optimizer step it was saved after
 */
public record Checkpoint(Path directory, long step) {

    /** The model with its updater state, as written by DL4J's {@code ModelSerializer}. */
    public static final String MODEL_FILE = "model.zip";

    /** The {@link CheckpointState} as JSON. */
    public static final String STATE_FILE = "state.json";

    static final List<String> FILES = List.of(MODEL_FILE, STATE_FILE);

    private static final Pattern NAME = Pattern.compile("step-(\\d{9,18})");

    public Path modelFile() {
        return directory.resolve(MODEL_FILE);
    }

    public Path stateFile() {
        return directory.resolve(STATE_FILE);
    }

    /** {@code step-000001234}: zero-padded so names sort like steps in a file browser too. */
    static String directoryName(long step) {
        return String.format("step-%09d", step);
    }

    /** The step a directory name stands for, or empty if it is not a checkpoint's name. */
    static OptionalLong stepOf(String directoryName) {
        Matcher matcher = NAME.matcher(directoryName);
        if (!matcher.matches()) {
            return OptionalLong.empty();
        }
        long step = Long.parseLong(matcher.group(1));
        // only the canonical spelling counts, so one step never has two directories
        return directoryName(step).equals(directoryName)
                ? OptionalLong.of(step)
                : OptionalLong.empty();
    }
}
