package io.asrwb.engine.segment;

import io.asrwb.engine.data.Split;
import java.util.Objects;

/**
 * How a long recording is cut.
 *
 * @param maxSeconds    the longest utterance written
 * @param minConfidence words aligned with less (mean posterior of their path, 0..1) are rejected
 *                      with the stretch they lie in; unused without a transcript
 * @param split         the split every segment joins
 * @param speaker       the speaker of every segment ("" when unknown)
 */
public record SegmentOptions(double maxSeconds, double minConfidence, Split split, String speaker) {

    public static final double DEFAULT_MAX_SECONDS = 15;
    public static final double DEFAULT_MIN_CONFIDENCE = 0.5;

    public SegmentOptions {
        Objects.requireNonNull(split, "split");
        speaker = speaker == null ? "" : speaker;
        if (!(maxSeconds >= 1 && maxSeconds <= 600)) {
            throw new IllegalArgumentException(
                    "--max-seconds must be between 1 and 600, got " + maxSeconds);
        }
        if (!(minConfidence >= 0 && minConfidence <= 1)) {
            throw new IllegalArgumentException(
                    "--min-confidence must be between 0 and 1, got " + minConfidence);
        }
    }

    public static SegmentOptions defaults() {
        return new SegmentOptions(DEFAULT_MAX_SECONDS, DEFAULT_MIN_CONFIDENCE, Split.TRAIN, "");
    }
}
