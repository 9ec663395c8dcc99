package io.asrwb.remote.jobs.follow;

import java.time.Duration;

/**
 * Timing of following a job.
 *
 * @param poll how often events.jsonl is read for new lines
 * @param statusEvery how often, while no line comes, the job's process is checked
 * @param reconnectAttempts connection attempts in a row before the follower gives up (the job
 *     itself goes on; attach again later)
 * @param reconnectBackoff wait between connection attempts
 * @param stopGrace how long a stopped job may take to finish its step before it is killed
 * @param hangTimeout how long a live process may write no event line (heartbeats do not count:
 *     they say it lives, not that it trains) before it counts as hung (a deadlock, a stuck
 *     device, a stopped process): it is killed and resumed from its newest checkpoint like a
 *     process that died. Zero: never. It must exceed the longest quiet phase of a healthy run
 *     (dataset import and JVM start before the first event, a long step, an eval)
 */
public record FollowOptions(
        Duration poll,
        Duration statusEvery,
        int reconnectAttempts,
        Duration reconnectBackoff,
        Duration stopGrace,
        Duration hangTimeout) {

    /** Generous: a big dataset's import on the box writes no event for minutes. */
    public static final Duration DEFAULT_HANG_TIMEOUT = Duration.ofMinutes(30);

    public static final FollowOptions DEFAULTS =
            new FollowOptions(
                    Duration.ofMillis(500),
                    Duration.ofSeconds(3),
                    20,
                    Duration.ofSeconds(3),
                    Duration.ofSeconds(30));

    public FollowOptions {
        if (poll.isNegative()
                || poll.isZero()
                || statusEvery.isNegative()
                || reconnectBackoff.isNegative()
                || stopGrace.isNegative()
                || hangTimeout.isNegative()) {
            throw new IllegalArgumentException("follow timings must be positive");
        }
        if (reconnectAttempts < 1) {
            throw new IllegalArgumentException(
                    "reconnect attempts must be at least 1, was " + reconnectAttempts);
        }
    }

    /** With the {@link #DEFAULT_HANG_TIMEOUT}. */
    public FollowOptions(
            Duration poll,
            Duration statusEvery,
            int reconnectAttempts,
            Duration reconnectBackoff,
            Duration stopGrace) {
        this(
                poll,
                statusEvery,
                reconnectAttempts,
                reconnectBackoff,
                stopGrace,
                DEFAULT_HANG_TIMEOUT);
    }

    /** These options with another hang timeout (zero: never). */
    public FollowOptions withHangTimeout(Duration timeout) {
        return new FollowOptions(
                poll, statusEvery, reconnectAttempts, reconnectBackoff, stopGrace, timeout);
    }

    /** Whether a process silent for {@code silence} counts as hung. */
    boolean hung(Duration silence) {
        return !hangTimeout.isZero() && silence.compareTo(hangTimeout) > 0;
    }
}
