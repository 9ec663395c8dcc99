package io.asrwb.engine.checkpoint;

import java.util.List;
import java.util.Objects;

/**
 * What a fine-tuned run started from: recorded in the provenance of every checkpoint it writes,
 * resumed or not, so a model can be traced back to the weights it grew from.
 *
 * @param checkpoint the checkpoint folder the weights were read from, as the run named it
 * @param step the step that checkpoint was saved after
 * @param modelSha256 {@code "sha256:"} and the hex digest of its {@code model.zip}
 * @param outputReinitialised whether the output layer started fresh (the run's alphabet differs)
 * @param frozen the {@code train.freeze} names kept as the checkpoint had them
 */
public record StartedFrom(
        String checkpoint,
        long step,
        String modelSha256,
        boolean outputReinitialised,
        List<String> frozen) {

    public StartedFrom {
        Objects.requireNonNull(checkpoint, "checkpoint");
        Objects.requireNonNull(modelSha256, "modelSha256");
        frozen = frozen == null ? List.of() : List.copyOf(frozen);
    }
}
