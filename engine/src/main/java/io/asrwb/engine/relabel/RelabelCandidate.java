package io.asrwb.engine.relabel;

import java.util.List;

/**
 * A clip of the re-label queue with the evidence against its transcript.
 *
 * @param transcript    its current transcript (the curated edit where there is one)
 * @param hypothesis    the edit offered: what the best checkpoint that decoded it heard
 * @param evals         every evaluation that decoded it, oldest first
 * @param persistentCer the lowest of its CERs (capped at 1): even the best decoding of it was this
 *                      far from the transcript; NaN when no evaluation decoded it
 * @param refConfidence the reference's confidence in its newest forced alignment, NaN if none
 * @param score         {@link RelabelScore}: 0 (no doubt) … 1 (certainly wrong)
 */
public record RelabelCandidate(
        String uttId,
        String split,
        String audio,
        double durationSeconds,
        String transcript,
        String hypothesis,
        List<EvalCer> evals,
        double persistentCer,
        double refConfidence,
        double score) {

    public RelabelCandidate {
        evals = List.copyOf(evals);
    }
}
