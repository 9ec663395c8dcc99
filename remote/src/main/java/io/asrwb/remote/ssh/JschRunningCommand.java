package io.asrwb.remote.ssh;

import com.jcraft.jsch.ChannelExec;
import com.jcraft.jsch.Session;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One exec channel with a reader thread per output stream. The exit status is read only after
 * the channel has closed: the server may send it after the last output, and JSch reports -1
 * until it arrives.
 */
final class JschRunningCommand implements RunningCommand {

    private static final Logger LOG = LoggerFactory.getLogger(JschRunningCommand.class);
    private static final long POLL_MS = 10;

    private final String label;
    private final String commandLine;
    private final Session session;
    private final ChannelExec channel;
    private final Thread stdoutReader;
    private final Thread stderrReader;
    private volatile boolean cancelled;

    JschRunningCommand(
            String label,
            String commandLine,
            Session session,
            ChannelExec channel,
            InputStream stdout,
            InputStream stderr,
            LineListener onStdout,
            LineListener onStderr) {
        this.label = label;
        this.commandLine = commandLine;
        this.session = session;
        this.channel = channel;
        this.stdoutReader = reader("ssh-stdout " + label, stdout, onStdout);
        this.stderrReader = reader("ssh-stderr " + label, stderr, onStderr);
    }

    void start() {
        stdoutReader.start();
        stderrReader.start();
    }

    private Thread reader(String name, InputStream in, LineListener listener) {
        Thread t = new Thread(() -> pump(in, listener), name);
        t.setDaemon(true);
        return t;
    }

    private void pump(InputStream in, LineListener listener) {
        try (BufferedReader r =
                new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                try {
                    listener.line(line);
                } catch (RuntimeException e) {
                    LOG.warn(
                            "a line listener of `{}` on {} failed; reading on",
                            commandLine,
                            label,
                            e);
                }
            }
        } catch (IOException e) {
            // the pipe breaks when the session dies; waitFor tells that apart from a normal end
            LOG.debug("output of `{}` on {} ended: {}", commandLine, label, e.getMessage());
        }
    }

    @Override
    public CommandEnd waitFor() {
        try {
            stdoutReader.join();
            stderrReader.join();
            while (!channel.isClosed() && session.isConnected()) {
                Thread.sleep(POLL_MS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            cancel();
            return new CommandEnd.Cancelled();
        }
        return outcome();
    }

    @Override
    public Optional<CommandEnd> waitFor(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            while (stdoutReader.isAlive()
                    || stderrReader.isAlive()
                    || (!channel.isClosed() && session.isConnected())) {
                if (System.nanoTime() > deadline) {
                    return Optional.empty();
                }
                Thread.sleep(POLL_MS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
        return Optional.of(outcome());
    }

    private CommandEnd outcome() {
        if (cancelled) {
            return new CommandEnd.Cancelled();
        }
        int status = channel.getExitStatus();
        // A server that ends a command normally sends EOF before closing; a channel closed without
        // EOF and without a status was torn down with the connection (JSch closes channels before
        // it
        // marks the session disconnected, so the session flag alone would race).
        if (status == -1 && (!session.isConnected() || !channel.isEOF())) {
            throw new SshException.ConnectionLost(
                    "connection lost to "
                            + label
                            + " while running `"
                            + commandLine
                            + "`; the command may still be running there",
                    null);
        }
        channel.disconnect();
        return new CommandEnd.Exited(status);
    }

    @Override
    public void cancel() {
        cancelled = true;
        try {
            if (channel.isConnected()) {
                channel.sendSignal("TERM");
            }
        } catch (Exception e) {
            LOG.debug("TERM to `{}` on {} not sent: {}", commandLine, label, e.getMessage());
        }
        channel.disconnect();
    }
}
