package io.asrwb.remote.cli;

import io.asrwb.engine.cli.CliOutput;
import io.asrwb.engine.store.Catalog;
import io.asrwb.remote.hosts.Gpu;
import io.asrwb.remote.hosts.Host;
import io.asrwb.remote.hosts.HostChecker;
import io.asrwb.remote.hosts.HostReport;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code asrwb host test NAME}: log in and report OS, Java, free disk and GPUs. */
@Command(
        name = "test",
        mixinStandardHelpOptions = true,
        description = "Connect to a box and report its OS, Java, free disk and GPUs.")
final class HostTestCommand implements Callable<Integer> {

    @Spec CommandSpec spec;

    @Parameters(paramLabel = "NAME", description = "the host")
    String name;

    @Option(
            names = "--trust-fingerprint",
            paramLabel = "SHA256:…",
            description = "trust the host key only if it has this fingerprint (no question asked)")
    String fingerprint;

    @Override
    public Integer call() {
        RemoteMain main = RemoteMain.of(spec);
        CliOutput out = main.output();
        HostReport r;
        try (Catalog catalog = main.openCatalog()) {
            Host host = Connections.host(catalog, name);
            r = new HostChecker(Connections.connector(main, fingerprint)).testConnection(host);
        }
        out.human("os:        " + r.os());
        out.human(
                "java:      "
                        + (r.javaVersion() == null
                                ? "none on the PATH (install Java 17)"
                                : r.javaVersion()));
        out.human(
                "free disk: "
                        + (r.freeDiskBytes() < 0
                                ? "unknown"
                                : String.format(Locale.ROOT, "%.1f GB", r.freeDiskBytes() / 1e9)));
        out.human("gpus:      " + (r.cpuOnly() ? "none (CPU box)" : r.gpus().size()));
        for (Gpu g : r.gpus()) {
            out.human(
                    String.format(
                            Locale.ROOT,
                            "  %d: %s, %d MiB (%d used), %d %%",
                            g.index(),
                            g.name(),
                            g.memoryTotalMiB(),
                            g.memoryUsedMiB(),
                            g.utilizationPercent()));
        }
        r.notes().forEach(n -> out.human("note: " + n));
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("name", name);
        f.put("os", r.os());
        f.put("java", r.javaVersion());
        f.put("freeDiskBytes", r.freeDiskBytes());
        f.put("gpus", r.gpus());
        f.put("notes", r.notes());
        out.record("host-report", f);
        return r.javaVersion() == null ? 1 : 0;
    }
}
