package io.asrwb.remote.ssh;

/**
 * An SSH operation that cannot go on, with a message a user can act on. The subclasses say why, so
 * callers (job supervisor, CLI, views) can react: reconnect after {@link ConnectionLost}, ask the
 * user after {@link HostKeyChanged}, and so on.
 */
public class SshException extends RuntimeException {

    public SshException(String message) {
        super(message);
    }

    public SshException(String message, Throwable cause) {
        super(message, cause);
    }

    /** The host could not be reached or the SSH handshake failed. */
    public static final class ConnectFailed extends SshException {
        public ConnectFailed(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** An established connection broke (network drop, server gone, keep-alive unanswered). */
    public static final class ConnectionLost extends SshException {
        public ConnectionLost(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** The server presented a key other than the one saved for it: possibly an attack. */
    public static final class HostKeyChanged extends SshException {
        public HostKeyChanged(String message) {
            super(message);
        }
    }

    /** The server's key is not known and the user (or the policy) did not trust it. */
    public static final class HostKeyRejected extends SshException {
        public HostKeyRejected(String message) {
            super(message);
        }
    }

    /** The server refused our key, or the key could not be loaded or unlocked. */
    public static final class AuthFailed extends SshException {
        public AuthFailed(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** A file transfer or remote file read failed (missing file, permissions, disk full). */
    public static final class TransferFailed extends SshException {
        public TransferFailed(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
