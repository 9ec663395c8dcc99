package io.asrwb.engine.curve;

/**
 * One point of a learning curve as its state file keeps it.
 *
 * @param fraction the share of the training audio asked for
 * @param runDir the point's run folder, relative to the learning-curve folder
 * @param utterances training utterances in the subset
 * @param speakers distinct speakers among them
 * @param hours training audio in the subset
 * @param status how far the point got
 * @param wer corpus WER on the evaluation split (a fraction); null until evaluated
 * @param cer corpus CER on the evaluation split; null until evaluated
 * @param seconds wall seconds spent training and evaluating it (over every attempt)
 * @param audioSeconds seconds of audio the training went through (epochs × subset, roughly)
 */
public record CurvePoint(
        double fraction,
        String runDir,
        int utterances,
        int speakers,
        double hours,
        Status status,
        Double wer,
        Double cer,
        double seconds,
        double audioSeconds) {

    /** How far a point got; a rerun continues from here. */
    public enum Status {
        /** Not trained to its end yet (maybe interrupted: its run folder then resumes). */
        PENDING,
        /** Trained to its end, not evaluated yet. */
        TRAINED,
        /** Trained and evaluated: a point of the curve. */
        DONE
    }

    CurvePoint with(
            Status newStatus, Double newWer, Double newCer, double addSeconds, double addAudio) {
        return new CurvePoint(
                fraction,
                runDir,
                utterances,
                speakers,
                hours,
                newStatus,
                newWer,
                newCer,
                seconds + addSeconds,
                audioSeconds + addAudio);
    }
}
