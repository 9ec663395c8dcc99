package io.asrwb.remote.ssh;

import com.jcraft.jsch.ChannelSftp;
import com.jcraft.jsch.JSchException;
import com.jcraft.jsch.Session;
import com.jcraft.jsch.SftpATTRS;
import com.jcraft.jsch.SftpException;
import com.jcraft.jsch.SftpProgressMonitor;
import io.asrwb.engine.files.AtomicWrite;
import io.asrwb.engine.files.OwnerOnly;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;

/**
 * SFTP on one lazily opened channel, used by one thread at a time (the session serialises calls).
 * Transfers go through a {@code .part} file and resume from its size; the caller checks content
 * hashes where a source may have changed between an interrupted transfer and its resume.
 */
final class JschSftp {

    private static final int CHUNK = 64 * 1024;

    private final String label;
    private final Session session;
    private final Duration connectTimeout;
    private ChannelSftp channel;

    JschSftp(String label, Session session, Duration connectTimeout) {
        this.label = label;
        this.session = session;
        this.connectTimeout = connectTimeout;
    }

    void upload(Path localFile, String remotePath, TransferListener progress) {
        String part = partOf(remotePath);
        try {
            long total = Files.size(localFile);
            ChannelSftp sftp = channel();
            privateFolder(sftp, part.substring(0, part.lastIndexOf('/')));
            long done = sizeOf(sftp, part).orElse(0L);
            if (done > total) {
                sftp.rm(part);
                done = 0;
            }
            progress.progress(done, total);
            try (FileChannel in = FileChannel.open(localFile, StandardOpenOption.READ);
                    OutputStream out =
                            sftp.put(
                                    part,
                                    (SftpProgressMonitor) null,
                                    done == 0 ? ChannelSftp.OVERWRITE : ChannelSftp.APPEND)) {
                in.position(done);
                copy(Channels.newInputStream(in), out, done, total, progress);
            }
            sftp.chmod(0600, part); // for where it is renamed to: nobody else could open it here
            if (sizeOf(sftp, remotePath).isPresent()) {
                sftp.rm(remotePath);
            }
            sftp.rename(part, remotePath);
        } catch (SftpException | IOException e) {
            throw failure("upload of " + localFile + " to " + remotePath, e);
        }
    }

    /**
     * Where an upload to {@code remotePath} is written before its rename: a {@value #PART_FOLDER}
     * folder beside it, owner-only before anything is in it. SFTP creates a file with the
     * server's umask and JSch cannot ask for another mode, so a chmod after writing would leave
     * the bytes open to others in between (and whoever opened the file then keeps reading).
     */
    static String partOf(String remotePath) {
        int slash = remotePath.lastIndexOf('/');
        return remotePath.substring(0, slash + 1)
                + PART_FOLDER
                + "/"
                + remotePath.substring(slash + 1)
                + ".part";
    }

    static final String PART_FOLDER = ".asrwb-part";

    private void privateFolder(ChannelSftp sftp, String folder) throws SftpException {
        if (sizeOf(sftp, folder).isEmpty()) {
            sftp.mkdir(folder);
        }
        sftp.chmod(0700, folder); // the SFTP server makes it with its own umask; nothing in it yet
    }

    void download(String remotePath, Path localFile, TransferListener progress) {
        Path part = localFile.resolveSibling(localFile.getFileName() + ".part");
        try {
            ChannelSftp sftp = channel();
            long total =
                    sizeOf(sftp, remotePath)
                            .orElseThrow(
                                    () ->
                                            new SshException.TransferFailed(
                                                    "cannot download "
                                                            + remotePath
                                                            + " from "
                                                            + label
                                                            + ": no such file",
                                                    null));
            if (localFile.getParent() != null) {
                OwnerOnly.createDirectories(localFile.getParent());
            }
            long done = Files.exists(part) ? Files.size(part) : 0;
            if (done > total) {
                Files.delete(part);
                done = 0;
            }
            progress.progress(done, total);
            try (InputStream in = sftp.get(remotePath, null, done);
                    OutputStream out =
                            Channels.newOutputStream(
                                    OwnerOnly.open(
                                            part,
                                            Set.of(
                                                    StandardOpenOption.CREATE,
                                                    StandardOpenOption.WRITE,
                                                    StandardOpenOption.APPEND)))) {
                copy(in, out, done, total, progress);
            }
            AtomicWrite.commit(part, localFile);
        } catch (SftpException | IOException e) {
            throw failure("download of " + remotePath + " to " + localFile, e);
        }
    }

    RemoteRead readFrom(String remotePath, long offset, int maxBytes) {
        if (offset < 0 || maxBytes < 0) {
            throw new IllegalArgumentException(
                    "offset " + offset + " and maxBytes " + maxBytes + " must not be negative");
        }
        try {
            ChannelSftp sftp = channel();
            long size =
                    sizeOf(sftp, remotePath)
                            .orElseThrow(
                                    () ->
                                            new SshException.TransferFailed(
                                                    "cannot read "
                                                            + remotePath
                                                            + " on "
                                                            + label
                                                            + ": no such file",
                                                    null));
            int wanted = (int) Math.max(0, Math.min(maxBytes, size - offset));
            if (wanted == 0) {
                return new RemoteRead(offset, new byte[0], size);
            }
            try (InputStream in = sftp.get(remotePath, null, offset)) {
                return new RemoteRead(offset, in.readNBytes(wanted), size);
            }
        } catch (SftpException | IOException e) {
            throw failure("reading " + remotePath + " from byte " + offset, e);
        }
    }

    Optional<Long> size(String remotePath) {
        try {
            return sizeOf(channel(), remotePath);
        } catch (SftpException e) {
            throw failure("looking up " + remotePath, e);
        }
    }

    void makeDirectories(String remotePath) {
        try {
            ChannelSftp sftp = channel();
            StringBuilder path = new StringBuilder(remotePath.startsWith("/") ? "/" : "");
            for (String part : remotePath.split("/")) {
                if (part.isEmpty()) {
                    continue;
                }
                path.append(part);
                if (sizeOf(sftp, path.toString()).isEmpty()) {
                    sftp.mkdir(path.toString());
                    sftp.chmod(
                            0700, path.toString()); // the SFTP server makes it with its own umask
                }
                path.append('/');
            }
        } catch (SftpException e) {
            throw failure("creating the folder " + remotePath, e);
        }
    }

    void close() {
        if (channel != null) {
            channel.disconnect();
        }
    }

    private void copy(
            InputStream in, OutputStream out, long done, long total, TransferListener progress)
            throws IOException {
        byte[] buffer = new byte[CHUNK];
        for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
            out.write(buffer, 0, n);
            done += n;
            progress.progress(done, total);
            if (Thread.currentThread().isInterrupted()) {
                throw new IOException(
                        "interrupted at byte "
                                + done
                                + " of "
                                + total
                                + "; the partial file stays and the next transfer resumes from it");
            }
        }
    }

    private static Optional<Long> sizeOf(ChannelSftp sftp, String path) throws SftpException {
        try {
            SftpATTRS attrs = sftp.stat(path);
            return Optional.of(attrs.getSize());
        } catch (SftpException e) {
            if (e.id == ChannelSftp.SSH_FX_NO_SUCH_FILE) {
                return Optional.empty();
            }
            throw e;
        }
    }

    private ChannelSftp channel() throws SftpException {
        if (channel != null && channel.isConnected()) {
            return channel;
        }
        try {
            ChannelSftp c = JschChannels.sftp(session, label);
            c.connect((int) connectTimeout.toMillis());
            channel = c;
            return c;
        } catch (JSchException e) {
            if (!session.isConnected()) {
                throw new SshException.ConnectionLost(
                        "connection lost to " + label + " while opening SFTP", e);
            }
            throw new SshException.TransferFailed(
                    "the server "
                            + label
                            + " offers no SFTP ("
                            + e.getMessage()
                            + "); enable the sftp subsystem in its sshd_config",
                    e);
        }
    }

    private SshException failure(String what, Exception e) {
        // a session torn down (keep-alives unanswered) closes its channels before it calls itself
        // disconnected: an operation woken by that sees a closed SFTP channel on a "connected"
        // session
        ChannelSftp sftp = channel;
        boolean channelGone =
                sftp != null && (!sftp.isConnected() || sftp.isClosed() || sftp.isEOF());
        if (!session.isConnected() || channelGone) {
            return new SshException.ConnectionLost(
                    "connection lost to "
                            + label
                            + " during "
                            + what
                            + "; the partial file stays and the next transfer resumes from it",
                    e);
        }
        String reason = e instanceof SftpException s ? sftpReason(s) : e.getMessage();
        return new SshException.TransferFailed(what + " on " + label + " failed: " + reason, e);
    }

    private static String sftpReason(SftpException e) {
        return switch (e.id) {
            case ChannelSftp.SSH_FX_NO_SUCH_FILE ->
                    "no such file or folder (" + e.getMessage() + ")";
            case ChannelSftp.SSH_FX_PERMISSION_DENIED ->
                    "permission denied (" + e.getMessage() + ")";
            default -> e.getMessage();
        };
    }
}
