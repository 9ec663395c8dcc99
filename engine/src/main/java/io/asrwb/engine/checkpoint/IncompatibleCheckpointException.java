package io.asrwb.engine.checkpoint;

import java.nio.file.Path;
import java.util.List;

/** A checkpoint was made for another model or alphabet than the one the caller runs. */
public final class IncompatibleCheckpointException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    IncompatibleCheckpointException(Path checkpoint, ModelIdentity found, ModelIdentity expected) {
        super(message(checkpoint, found, expected));
    }

    private static String message(Path checkpoint, ModelIdentity found, ModelIdentity expected) {
        StringBuilder text =
                new StringBuilder("checkpoint ")
                        .append(checkpoint)
                        .append(" does not fit this run: ");
        if (!found.fingerprint().equals(expected.fingerprint())) {
            text.append("its model fingerprint is ")
                    .append(found.fingerprint())
                    .append(" but this run's model has ")
                    .append(expected.fingerprint())
                    .append(" (another architecture); ");
        }
        if (!found.alphabet().equals(expected.alphabet())) {
            text.append("its alphabet ")
                    .append(describeDifference(found.alphabet(), expected.alphabet()))
                    .append("; ");
        }
        return text.append(
                        "resume with the config saved in the checkpoint (./asrwb resume RUN_DIR), "
                                + "or start a new run")
                .toString();
    }

    private static String describeDifference(List<String> found, List<String> expected) {
        int common = Math.min(found.size(), expected.size());
        for (int i = 0; i < common; i++) {
            if (!found.get(i).equals(expected.get(i))) {
                return "has '"
                        + found.get(i)
                        + "' at index "
                        + i
                        + " where this run has '"
                        + expected.get(i)
                        + "'";
            }
        }
        return "has " + found.size() + " labels where this run has " + expected.size();
    }
}
