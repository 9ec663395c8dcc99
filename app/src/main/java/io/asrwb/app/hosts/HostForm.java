package io.asrwb.app.hosts;

import io.asrwb.remote.hosts.Host;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * What the host dialog's fields hold, as typed. {@link #toHost()} turns it into a {@link Host} or
 * says which field is wrong.
 *
 * @param keyFile a private key file, or blank to log in with the ssh-agent's keys
 * @param labels comma- or space-separated words
 */
public record HostForm(
        String name, String address, String port, String user, String keyFile, String labels) {

    /** The fields of an existing host, for editing. */
    public static HostForm of(Host h) {
        return new HostForm(
                h.name(),
                h.address(),
                Integer.toString(h.port()),
                h.user(),
                h.keyFile() == null ? "" : h.keyFile().toString(),
                h.labels().stream().sorted().collect(Collectors.joining(", ")));
    }

    /** @throws IllegalArgumentException naming the field that is wrong and what it must be */
    public Host toHost() {
        int portNumber;
        try {
            portNumber = port.isBlank() ? 22 : Integer.parseInt(port.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "port '" + port + "' is not a number; SSH usually" + " listens on 22");
        }
        Path key = null;
        if (!keyFile.isBlank()) {
            key = Path.of(keyFile.strip()).toAbsolutePath().normalize();
            if (!Files.isRegularFile(key)) {
                throw new IllegalArgumentException(
                        "no key file "
                                + key
                                + "; choose the private key (e.g. ~/.ssh/id_ed25519), or leave the"
                                + " field empty to use the ssh-agent");
            }
        }
        return new Host(
                name.strip(),
                address.strip(),
                portNumber,
                user.strip(),
                key,
                Arrays.stream(labels.split("[,\\s]+"))
                        .filter(s -> !s.isBlank())
                        .collect(Collectors.toSet()));
    }
}
