package io.asrwb.remote.cli;

import io.asrwb.engine.cli.Bounded;
import io.asrwb.engine.cli.CliOutput;
import io.asrwb.engine.store.Catalog;
import io.asrwb.remote.hosts.Host;
import io.asrwb.remote.hosts.HostRepository;
import io.asrwb.remote.ssh.SshSession;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code asrwb host add NAME --address A --user U --key FILE}: a box joins the inventory. */
@Command(
        name = "add",
        mixinStandardHelpOptions = true,
        description =
                "Add a remote box. With --trust-fingerprint it connects at once and saves the host"
                        + " key if (and only if) it has that fingerprint; otherwise the first"
                        + " connection (host test, job submit) shows the fingerprint and asks.")
final class HostAddCommand implements Callable<Integer> {

    @Spec CommandSpec spec;

    @Parameters(paramLabel = "NAME", description = "what you call the box (letters, digits, _ . -)")
    String name;

    @Option(names = "--address", required = true, description = "host name or IP address")
    String address;

    @Option(
            names = "--port",
            defaultValue = "22",
            converter = Bounded.Port.class,
            description = "SSH port (default: 22)")
    int port;

    @Option(names = "--user", required = true, description = "login name on the box")
    String user;

    @Option(
            names = "--key",
            paramLabel = "FILE",
            description = "private key to log in with (default: the ssh-agent's keys)")
    Path key;

    @Option(
            names = "--label",
            split = ",",
            paramLabel = "WORD",
            description = "labels to pick boxes by, e.g. gpu,a100")
    Set<String> labels = Set.of();

    @Option(
            names = "--trust-fingerprint",
            paramLabel = "SHA256:…",
            description = "the host key's fingerprint (ssh-keygen -lf on the box) to trust")
    String fingerprint;

    @Override
    public Integer call() {
        RemoteMain main = RemoteMain.of(spec);
        CliOutput out = main.output();
        if (key != null && !Files.isRegularFile(key)) {
            throw new IllegalArgumentException(
                    "no key file "
                            + key
                            + "; give the private key (e.g."
                            + " ~/.ssh/id_ed25519), or leave --key out to use the ssh-agent");
        }
        Host host =
                new Host(
                        name,
                        address,
                        port,
                        user,
                        key == null ? null : key.toAbsolutePath().normalize(),
                        labels);
        try (Catalog catalog = main.openCatalog()) {
            if (fingerprint != null) {
                try (SshSession ssh =
                        Connections.connector(main, fingerprint).connect(host.sshTarget())) {
                    out.human(
                            "host key "
                                    + fingerprint
                                    + " of "
                                    + ssh.label()
                                    + " trusted and saved");
                }
            }
            new HostRepository(catalog).add(host);
        }
        out.human("added host " + name + " (" + host.sshTarget().label() + ")");
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("name", name);
        f.put("target", host.sshTarget().label());
        out.record("host-added", f);
        return 0;
    }
}
