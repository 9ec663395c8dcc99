package io.asrwb.engine.data.curation;

/**
 * The import-time checks of one utterance (from its header duration and its text).
 *
 * @param charsPerSec        {@link TranscriptText#modelChars} per second of audio; NaN for zero duration
 * @param durationOutlier    duration outside the dataset's median ± k·MAD band
 * @param cpsOutlier         chars/s outside the dataset's median ± k·MAD band (misaligned text?)
 * @param charsetViolation   the distinct characters outside the allowed set, null when none
 * @param dupTranscriptCount how many utterances of the dataset share its normalised transcript (1 = unique)
 */
public record TextCheckResult(
        double charsPerSec,
        boolean durationOutlier,
        boolean cpsOutlier,
        String charsetViolation,
        int dupTranscriptCount) {}
