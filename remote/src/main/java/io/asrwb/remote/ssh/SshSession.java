package io.asrwb.remote.ssh;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * One authenticated SSH connection to a host. Thread-safe: commands may run in parallel; SFTP
 * calls are serialised on one SFTP channel. Every command is an argument list, quoted with
 * {@link ShellQuote}, so names and paths reach the remote program literally.
 */
public interface SshSession extends AutoCloseable {

    /** The {@code user@host:port} this session is connected to. */
    String label();

    /**
     * Runs a command to its end and collects its output.
     *
     * @throws SshException.ConnectionLost when the connection broke before the command ended
     */
    ExecResult exec(List<String> argv);

    /** Starts a command whose output lines are delivered as they arrive. */
    RunningCommand execStreaming(List<String> argv, LineListener stdout, LineListener stderr);

    /**
     * Copies a local file to {@code remotePath} over SFTP. Bytes go to {@code NAME.part} in an
     * owner-only {@code .asrwb-part} folder beside it first, which is renamed into place at the
     * end, so a half-sent file never looks complete and nobody else can read it on the way; a
     * {@code .part} left by an interrupted upload is resumed from its size.
     */
    void upload(Path localFile, String remotePath, TransferListener progress);

    /**
     * Copies a remote file here, through {@code localFile.part} (created owner-only), resuming
     * from its size.
     */
    void download(String remotePath, Path localFile, TransferListener progress);

    /** Reads at most {@code maxBytes} of a remote file from {@code offset} on. */
    RemoteRead readFrom(String remotePath, long offset, int maxBytes);

    /** The remote file's size, or empty when it does not exist. */
    Optional<Long> size(String remotePath);

    /** Creates the remote folder and its missing parents (like {@code mkdir -p}). */
    void makeDirectories(String remotePath);

    /** Whether the connection is still up (as far as the keep-alives know). */
    boolean isConnected();

    @Override
    void close();
}
