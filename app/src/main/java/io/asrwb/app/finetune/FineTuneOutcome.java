package io.asrwb.app.finetune;

import java.nio.file.Path;

/**
 * How a fine-tuning run on recorded takes ended.
 *
 * @param runDir the run folder (under the runs folder, named after the dataset)
 * @param heldOut takes held out (the test split): never trained on, scored before and after
 * @param training takes trained on
 * @param steps steps the run planned
 * @param lastStep the step it ended at
 * @param cancelled true when the user stopped it (the run is marked stopped_by_user)
 */
public record FineTuneOutcome(
        Path runDir, int heldOut, int training, long steps, long lastStep, boolean cancelled) {}
