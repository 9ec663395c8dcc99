package io.asrwb.engine.metrics;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Accumulates corpus WER/CER while utterances are scored, possibly from several threads (one
 * accumulator shared, or one per worker merged at the end). Texts are compared as given: normalise
 * both with the run's {@link TextNormaliser} first, so evaluation sees what training saw.
 */
public final class ErrorRateAccumulator {

    private final SpaceHandling spaces;
    // Immutable totals swapped atomically: adds from many threads never lose an update or lock.
    private final AtomicReference<CorpusErrorRates> totals =
            new AtomicReference<>(CorpusErrorRates.EMPTY);

    public ErrorRateAccumulator(SpaceHandling spaces) {
        this.spaces = Objects.requireNonNull(spaces, "spaces");
    }

    /** Counts spaces as characters. */
    public ErrorRateAccumulator() {
        this(SpaceHandling.COUNTED);
    }

    public SpaceHandling spaces() {
        return spaces;
    }

    /**
     * Scores one utterance, adds it to the totals and returns its own rates (for per-utterance
     * CER).
     */
    public UtteranceErrors add(String reference, String hypothesis) {
        UtteranceErrors errors = UtteranceErrors.score(reference, hypothesis, spaces);
        totals.accumulateAndGet(CorpusErrorRates.EMPTY.plus(errors), CorpusErrorRates::plus);
        return errors;
    }

    /** Adds another accumulator's totals to this one; the other is left as it was. */
    public void merge(ErrorRateAccumulator other) {
        if (other.spaces != spaces) {
            throw new IllegalArgumentException(
                    "cannot merge CER counted with spaces "
                            + other.spaces
                            + " into one counted with spaces "
                            + spaces
                            + "; score both the same way");
        }
        if (other == this) {
            throw new IllegalArgumentException("an accumulator cannot be merged into itself");
        }
        totals.accumulateAndGet(other.snapshot(), CorpusErrorRates::plus);
    }

    /** The totals so far. */
    public CorpusErrorRates snapshot() {
        return totals.get();
    }
}
