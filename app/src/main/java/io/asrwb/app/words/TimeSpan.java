package io.asrwb.app.words;

/** A stretch of a clip in seconds from its start, {@code start < end}. */
public record TimeSpan(double startSec, double endSec) {

    public TimeSpan {
        if (!(endSec > startSec)) {
            throw new IllegalArgumentException(
                    "a span needs start < end, got " + startSec + ".." + endSec);
        }
    }
}
