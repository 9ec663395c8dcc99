package io.asrwb.app.hosts;

import io.asrwb.remote.hosts.Host;
import io.asrwb.remote.hosts.HostReport;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A host of the inventory and what its last connection test in this session found.
 *
 * @param report the last test's report, or null when not tested (or the test failed)
 * @param problem why the last test failed, or null
 */
public record HostRow(Host host, HostReport report, String problem) {

    public String name() {
        return host.name();
    }

    /** {@code address:port}. */
    public String target() {
        return host.address() + ":" + host.port();
    }

    /** The labels sorted (the host keeps them as a set). */
    public String labels() {
        return host.labels().stream().sorted().collect(Collectors.joining(", "));
    }

    /** "not tested", the failure, or "OS · Java · disk · GPUs". */
    public String testResult() {
        if (problem != null) {
            return "failed: " + problem.lines().findFirst().orElse(problem);
        }
        if (report == null) {
            return "not tested";
        }
        return report.os() + " · " + java() + " · " + disk() + " · " + gpus();
    }

    public String java() {
        if (report == null) {
            return "";
        }
        return report.javaVersion() == null ? "no Java" : "Java " + report.javaVersion();
    }

    public String disk() {
        if (report == null) {
            return "";
        }
        return report.freeDiskBytes() < 0
                ? "disk ?"
                : String.format(Locale.ROOT, "%.1f GB free", report.freeDiskBytes() / 1e9);
    }

    /** "CPU box", or the GPUs with their memory. */
    public String gpus() {
        if (report == null) {
            return "";
        }
        if (report.cpuOnly()) {
            return "CPU box";
        }
        return report.gpus().stream()
                .map(g -> g.name() + " " + g.memoryTotalMiB() / 1024 + " GiB")
                .collect(Collectors.joining(", "));
    }
}
