package io.asrwb.remote.cli;

import io.asrwb.engine.cli.CliOutput;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.CatalogException;
import io.asrwb.remote.hosts.HostRepository;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code asrwb host remove NAME}: its saved host key stays in known_hosts. */
@Command(
        name = "remove",
        mixinStandardHelpOptions = true,
        description =
                "Remove a box from the inventory (its jobs stay listed; its host key stays"
                        + " in known_hosts).")
final class HostRemoveCommand implements Callable<Integer> {

    @Spec CommandSpec spec;

    @Parameters(paramLabel = "NAME", description = "the host")
    String name;

    @Override
    public Integer call() {
        RemoteMain main = RemoteMain.of(spec);
        CliOutput out = main.output();
        try (Catalog catalog = main.openCatalog()) {
            if (!new HostRepository(catalog).remove(name)) {
                throw new CatalogException(
                        "there is no host named " + name + "; `asrwb host list`" + " shows them");
            }
        }
        out.human("removed host " + name);
        out.record("host-removed", Map.of("name", name));
        return 0;
    }
}
