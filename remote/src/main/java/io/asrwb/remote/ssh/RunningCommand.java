package io.asrwb.remote.ssh;

import java.time.Duration;
import java.util.Optional;

/** A remote command started by {@link SshSession#execStreaming}; its lines reach the listeners. */
public interface RunningCommand {

    /**
     * Blocks until the command ends and every line has been delivered.
     *
     * @throws SshException.ConnectionLost when the connection broke before the command ended
     */
    CommandEnd waitFor();

    /** Like {@link #waitFor()}, but gives up after {@code timeout}; empty when still running. */
    Optional<CommandEnd> waitFor(Duration timeout);

    /**
     * Stops it: sends TERM (servers that honour signals pass it on) and closes the channel. A
     * program without a terminal may outlive this until it next writes; detached jobs are stopped
     * by their process id instead.
     */
    void cancel();
}
