package io.asrwb.remote.jobs.launch;

import io.asrwb.remote.jobs.core.SessionFactory;
import io.asrwb.remote.ssh.SshSession;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The SSH sessions of a multi-host plan, opened when first asked for: the one already open to the
 * job's host is reused (and left open), the others are closed with this.
 */
final class HostSessions implements AutoCloseable {

    private final SessionFactory sessions;
    private final String firstHost;
    private final SshSession first;
    private final Map<String, SshSession> opened = new LinkedHashMap<>();

    HostSessions(SessionFactory sessions, String firstHost, SshSession first) {
        this.sessions = sessions;
        this.firstHost = firstHost;
        this.first = first;
    }

    SshSession get(String host) {
        if (host.equals(firstHost)) {
            return first;
        }
        return opened.computeIfAbsent(host, sessions::open);
    }

    @Override
    public void close() {
        for (SshSession s : opened.values()) {
            try {
                s.close();
            } catch (RuntimeException ignored) {
                // the connection is gone already
            }
        }
    }
}
