package io.asrwb.remote.spark;

/** A Spark daemon did not start; the message holds its host and the end of its log. */
public final class SparkClusterException extends RuntimeException {
    public SparkClusterException(String message) {
        super(message);
    }
}
