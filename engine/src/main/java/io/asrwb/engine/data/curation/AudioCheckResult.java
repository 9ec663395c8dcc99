package io.asrwb.engine.data.curation;

/**
 * The decoded-audio checks of one utterance.
 *
 * @param clippingRatio    fraction of samples with |x| ≥ {@link AudioChecks#CLIP_LEVEL}
 * @param leadingSilenceS  seconds before the first frame louder than {@link AudioChecks#SILENCE_DBFS}
 * @param trailingSilenceS seconds after the last such frame
 * @param rmsDb            RMS level of the whole clip in dBFS (floor {@link AudioChecks#FLOOR_DBFS})
 * @param audioHash        SHA-256 (hex) of the decoded samples and their rate: equal hashes = same audio
 * @param error            why the audio could not be decoded (other fields NaN/null then), else null
 */
public record AudioCheckResult(
        double clippingRatio,
        double leadingSilenceS,
        double trailingSilenceS,
        double rmsDb,
        String audioHash,
        String error) {

    public static AudioCheckResult failed(String error) {
        return new AudioCheckResult(Double.NaN, Double.NaN, Double.NaN, Double.NaN, null, error);
    }
}
