package io.asrwb.remote.hosts;

import java.util.List;

/**
 * What a test connection found on a host.
 *
 * @param os {@code uname -srm}, e.g. {@code Linux 6.1.0-18-amd64 x86_64}
 * @param javaVersion the version {@code java -version} names, or null when there is no java on
 *     the PATH (the job bundle then has to bring a runtime)
 * @param freeDiskBytes free space of the file system holding the home folder, -1 when unknown
 * @param gpus the NVIDIA GPUs; empty for a CPU box
 * @param notes anything odd the checks saw (nvidia-smi failing with a driver present, …)
 */
public record HostReport(
        String os, String javaVersion, long freeDiskBytes, List<Gpu> gpus, List<String> notes) {

    public HostReport {
        gpus = List.copyOf(gpus);
        notes = List.copyOf(notes);
    }

    public boolean cpuOnly() {
        return gpus.isEmpty();
    }
}
