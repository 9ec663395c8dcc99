package io.asrwb.remote.ssh;

import java.util.Objects;

/** Where to connect and as whom. */
public record SshTarget(String address, int port, String user, SshAuth auth) {

    public SshTarget {
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(auth, "auth");
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException(
                    "SSH port " + port + " of " + address + " is outside 1..65535");
        }
    }

    /** {@code user@address:port}, for messages and logs. */
    public String label() {
        return user + "@" + address + ":" + port;
    }

    /** The name this host has in known_hosts. */
    public String hostEntry() {
        return KnownHostsFile.hostEntry(address, port);
    }
}
