package io.asrwb.remote.hosts;

import io.asrwb.remote.ssh.ExecResult;
import io.asrwb.remote.ssh.SshSession;
import java.util.List;

/** The NVIDIA GPUs of a host, as its {@code nvidia-smi} lists them (none: a CPU box). */
public final class GpuProbe {

    /** The shell's "command not found" exit status. */
    static final int NOT_FOUND = 127;

    private GpuProbe() {}

    /**
     * Runs {@code nvidia-smi --query-gpu=...} over {@code ssh}.
     *
     * @param notes gets a line when nvidia-smi is there but fails (a driver problem)
     */
    public static List<Gpu> gpus(SshSession ssh, List<String> notes) {
        ExecResult smi =
                ssh.exec(
                        List.of(
                                "nvidia-smi",
                                "--query-gpu=name,memory.total,memory.used,utilization.gpu",
                                "--format=csv,noheader"));
        if (smi.succeeded()) {
            return HostReportParser.gpus(smi.stdout());
        }
        if (smi.exitStatus() != NOT_FOUND) {
            notes.add(
                    "nvidia-smi failed ("
                            + smi.exitStatus()
                            + "), treating the host as a CPU box: "
                            + (smi.stdout() + smi.stderr()).strip());
        }
        return List.of();
    }
}
