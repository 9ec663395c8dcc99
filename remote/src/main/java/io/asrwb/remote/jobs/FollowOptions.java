package io.asrwb.remote.jobs;

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
 */
public record FollowOptions(Duration poll, Duration statusEvery, int reconnectAttempts,
    Duration reconnectBackoff, Duration stopGrace) {

  public static final FollowOptions DEFAULTS = new FollowOptions(Duration.ofMillis(500),
      Duration.ofSeconds(3), 20, Duration.ofSeconds(3), Duration.ofSeconds(30));

  public FollowOptions {
    if (poll.isNegative() || poll.isZero() || statusEvery.isNegative()
        || reconnectBackoff.isNegative() || stopGrace.isNegative()) {
      throw new IllegalArgumentException("follow timings must be positive");
    }
    if (reconnectAttempts < 1) {
      throw new IllegalArgumentException("reconnect attempts must be at least 1, was "
          + reconnectAttempts);
    }
  }
}
