package io.asrwb.remote.ssh;

import java.time.Duration;

/**
 * Timing of a connection.
 *
 * @param connectTimeout how long the TCP connect plus SSH handshake may take
 * @param aliveInterval silence after which a keep-alive is sent (1–15 s); a dead link is declared
 *     after {@code aliveInterval × aliveCountMax} without an answer (a probe saw 4 s for 1 s × 3)
 * @param aliveCountMax unanswered keep-alives before the connection is declared lost (1–10)
 */
public record SshOptions(Duration connectTimeout, Duration aliveInterval, int aliveCountMax) {

    /** 15 s to connect; a dead link noticed within about 15 s (5 s × 3). */
    public static final SshOptions DEFAULTS =
            new SshOptions(Duration.ofSeconds(15), Duration.ofSeconds(5), 3);

    public SshOptions {
        if (connectTimeout.isNegative() || connectTimeout.isZero()) {
            throw new IllegalArgumentException(
                    "connect timeout must be positive, was " + connectTimeout);
        }
        if (aliveInterval.compareTo(Duration.ofSeconds(1)) < 0
                || aliveInterval.compareTo(Duration.ofSeconds(15)) > 0) {
            throw new IllegalArgumentException(
                    "keep-alive interval must be 1..15 s, was " + aliveInterval.toMillis() + " ms");
        }
        if (aliveCountMax < 1 || aliveCountMax > 10) {
            throw new IllegalArgumentException(
                    "keep-alive count must be 1..10, was " + aliveCountMax);
        }
    }
}
