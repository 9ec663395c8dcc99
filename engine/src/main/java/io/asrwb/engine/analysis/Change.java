package io.asrwb.engine.analysis;

/** How an utterance fared from checkpoint A to checkpoint B, by its word errors. */
public enum Change {
    IMPROVED,
    REGRESSED,
    UNCHANGED;

    public static Change of(int errorsA, int errorsB) {
        return errorsB < errorsA ? IMPROVED : errorsB > errorsA ? REGRESSED : UNCHANGED;
    }
}
