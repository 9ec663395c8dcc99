package io.asrwb.remote.cli;

import io.asrwb.engine.cli.CliOutput;
import io.asrwb.engine.store.Catalog;
import io.asrwb.remote.hosts.Host;
import io.asrwb.remote.hosts.HostRepository;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code asrwb host list}. */
@Command(name = "list", mixinStandardHelpOptions = true, description = "List the remote boxes.")
final class HostListCommand implements Callable<Integer> {

    @Spec CommandSpec spec;

    @Override
    public Integer call() {
        RemoteMain main = RemoteMain.of(spec);
        CliOutput out = main.output();
        List<Host> hosts;
        try (Catalog catalog = main.openCatalog()) {
            hosts = new HostRepository(catalog).list();
        }
        if (hosts.isEmpty()) {
            out.human(
                    "no hosts; add one with `asrwb host add NAME --address A --user U --key FILE`");
        }
        for (Host h : hosts) {
            out.human(
                    h.name()
                            + "\t"
                            + h.sshTarget().label()
                            + "\t"
                            + (h.keyFile() == null ? "ssh-agent" : h.keyFile())
                            + "\t"
                            + String.join(",", h.labels()));
            Map<String, Object> f = new LinkedHashMap<>();
            f.put("name", h.name());
            f.put("address", h.address());
            f.put("port", h.port());
            f.put("user", h.user());
            f.put("key", h.keyFile() == null ? null : h.keyFile().toString());
            f.put("labels", h.labels());
            out.record("host", f);
        }
        return 0;
    }
}
