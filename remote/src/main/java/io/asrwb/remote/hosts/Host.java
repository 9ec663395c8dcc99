package io.asrwb.remote.hosts;

import io.asrwb.remote.ssh.SshAuth;
import io.asrwb.remote.ssh.SshTarget;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * A remote box the user can train on.
 *
 * @param name what the user calls it; unique in the inventory
 * @param address host name or IP address
 * @param port SSH port (usually 22)
 * @param user the login name there
 * @param keyFile the private key to log in with, or null to use the ssh-agent
 * @param labels free words to group and pick hosts by (e.g. {@code gpu}, {@code a100})
 */
public record Host(
        String name, String address, int port, String user, Path keyFile, Set<String> labels) {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,99}");
    private static final Pattern LABEL = Pattern.compile("[A-Za-z0-9_.:-]{1,50}");

    public Host {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(user, "user");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException(
                    "host name '"
                            + name
                            + "' must be 1-100 letters, digits,"
                            + " '_', '.' or '-', starting with a letter or digit");
        }
        if (address.isBlank() || address.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException(
                    "host "
                            + name
                            + ": address '"
                            + address
                            + "' must be a host name or IP address without spaces");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException(
                    "host " + name + ": port " + port + " is outside 1..65535");
        }
        if (user.isBlank()) {
            throw new IllegalArgumentException("host " + name + ": the user name is empty");
        }
        labels = Set.copyOf(new TreeSet<>(labels == null ? Set.of() : labels));
        for (String label : labels) {
            if (!LABEL.matcher(label).matches()) {
                throw new IllegalArgumentException(
                        "host "
                                + name
                                + ": label '"
                                + label
                                + "' must be 1-50 letters, digits, '_', '.', ':' or '-'");
            }
        }
    }

    /** How to reach it over SSH. */
    public SshTarget sshTarget() {
        SshAuth auth = keyFile == null ? new SshAuth.Agent(null) : new SshAuth.KeyFile(keyFile);
        return new SshTarget(address, port, user, auth);
    }
}
