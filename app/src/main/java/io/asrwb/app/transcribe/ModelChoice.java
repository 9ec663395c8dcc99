package io.asrwb.app.transcribe;

import java.nio.file.Path;

/**
 * A model the user can transcribe with: the bundled demo model or one checkpoint of a run.
 *
 * @param label      what the chooser shows
 * @param checkpoint a checkpoint folder (holding model.zip and state.json) that {@code TrainedModel.load} reads
 */
public record ModelChoice(String label, Path checkpoint) {

    @Override
    public String toString() {
        return label;
    }
}
