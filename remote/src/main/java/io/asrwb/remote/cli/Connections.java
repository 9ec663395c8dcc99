package io.asrwb.remote.cli;

import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.CatalogException;
import io.asrwb.remote.hosts.Host;
import io.asrwb.remote.hosts.HostRepository;
import io.asrwb.remote.jobs.core.SessionFactory;
import io.asrwb.remote.ssh.KnownHostsFile;
import io.asrwb.remote.ssh.SshConnector;
import io.asrwb.remote.ssh.SshOptions;

/** SSH connections for the CLI: the catalog's hosts, its known_hosts, the terminal's answers. */
final class Connections {

    private Connections() {}

    static SshConnector connector(RemoteMain main, String trustFingerprint) {
        return new SshConnector(
                new KnownHostsFile(main.knownHosts(), false),
                Terminal.hostKeyPrompt(main.terminal(), main.err(), trustFingerprint),
                Terminal.passphrasePrompt(main.terminal()),
                SshOptions.DEFAULTS);
    }

    static Host host(Catalog catalog, String name) {
        return new HostRepository(catalog)
                .find(name)
                .orElseThrow(
                        () ->
                                new CatalogException(
                                        "there is no host named "
                                                + name
                                                + "; `asrwb host list` shows them, `asrwb host add`"
                                                + " adds one"));
    }

    static SessionFactory sessions(Catalog catalog, SshConnector connector) {
        return name -> connector.connect(host(catalog, name).sshTarget());
    }
}
