package io.asrwb.remote.ssh;

import com.jcraft.jsch.Logger;
import org.slf4j.LoggerFactory;

/**
 * Routes JSch's log to SLF4J one level quieter: JSch logs every handshake step as INFO and a
 * wrong key passphrase as an ERROR with a stack trace, while we report those ourselves.
 */
final class JschLog implements Logger {

    private static final org.slf4j.Logger LOG = LoggerFactory.getLogger("com.jcraft.jsch");

    @Override
    public boolean isEnabled(int level) {
        return switch (level) {
            case DEBUG, INFO -> LOG.isDebugEnabled();
            case WARN -> LOG.isInfoEnabled();
            default -> LOG.isWarnEnabled();
        };
    }

    @Override
    public void log(int level, String message) {
        log(level, message, null);
    }

    @Override
    public void log(int level, String message, Throwable cause) {
        switch (level) {
            case DEBUG, INFO -> LOG.debug(message, cause);
            case WARN -> LOG.info(message, cause);
            default -> {
                LOG.warn(cause == null ? message : message + ": " + cause);
                LOG.debug("JSch's stack trace", cause);
            }
        }
    }
}
