package io.asrwb.remote.ssh;

import com.jcraft.jsch.ChannelExec;
import com.jcraft.jsch.JSchException;
import com.jcraft.jsch.Session;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** {@link SshSession} over one JSch session. */
final class JschSshSession implements SshSession {

    private static final Logger LOG = LoggerFactory.getLogger(JschSshSession.class);
    static final String OWNER_ONLY = "umask 077; ";

    private final String label;
    private final Session session;
    private final SshOptions options;
    private final JschSftp sftp;

    JschSshSession(String label, Session session, SshOptions options) {
        this.label = label;
        this.session = session;
        this.options = options;
        this.sftp = new JschSftp(label, session, options.connectTimeout());
    }

    @Override
    public String label() {
        return label;
    }

    @Override
    public ExecResult exec(List<String> argv) {
        StringBuilder out = new StringBuilder();
        StringBuilder err = new StringBuilder();
        CommandEnd end =
                execStreaming(
                                argv,
                                line -> out.append(line).append('\n'),
                                line -> err.append(line).append('\n'))
                        .waitFor();
        int status = end instanceof CommandEnd.Exited e ? e.status() : -1;
        // the reader threads have ended (joined in waitFor), so the builders are complete and
        // visible
        return new ExecResult(status, out.toString(), err.toString());
    }

    @Override
    public RunningCommand execStreaming(
            List<String> argv, LineListener stdout, LineListener stderr) {
        String commandLine = ShellQuote.command(argv);
        LOG.debug("{}: {}", label, commandLine);
        try {
            ChannelExec channel = JschChannels.exec(session, label);
            // umask 077: whatever the command creates (job folders, the job's catalog and its H2
            // lock
            // file, checkpoints, logs; also by the processes it starts) is the login user's only
            channel.setCommand(OWNER_ONLY + commandLine);
            channel.setInputStream(null);
            InputStream out = channel.getInputStream();
            InputStream err = channel.getErrStream();
            channel.connect((int) options.connectTimeout().toMillis());
            JschRunningCommand command =
                    new JschRunningCommand(
                            label, commandLine, session, channel, out, err, stdout, stderr);
            command.start();
            return command;
        } catch (JSchException | IOException e) {
            if (!session.isConnected()) {
                throw new SshException.ConnectionLost(
                        "connection lost to " + label + " before `" + commandLine + "` could start",
                        e);
            }
            throw new SshException(
                    "cannot start `" + commandLine + "` on " + label + ": " + e.getMessage(), e);
        }
    }

    @Override
    public synchronized void upload(Path localFile, String remotePath, TransferListener progress) {
        sftp.upload(localFile, remotePath, progress);
    }

    @Override
    public synchronized void download(
            String remotePath, Path localFile, TransferListener progress) {
        sftp.download(remotePath, localFile, progress);
    }

    @Override
    public synchronized RemoteRead readFrom(String remotePath, long offset, int maxBytes) {
        return sftp.readFrom(remotePath, offset, maxBytes);
    }

    @Override
    public synchronized Optional<Long> size(String remotePath) {
        return sftp.size(remotePath);
    }

    @Override
    public synchronized void makeDirectories(String remotePath) {
        sftp.makeDirectories(remotePath);
    }

    @Override
    public boolean isConnected() {
        return session.isConnected();
    }

    @Override
    public synchronized void close() {
        sftp.close();
        session.disconnect();
        LOG.info("disconnected from {}", label);
    }
}
