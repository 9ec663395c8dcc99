package io.asrwb.remote.jobs.launch;

import io.asrwb.remote.jobs.bundle.BackendChoice;
import java.nio.file.Path;
import java.util.List;

/**
 * What one host gets: its backend, and the job's class path and config for it.
 *
 * @param warnings what the user should read before the run starts there (idle GPUs, …)
 */
public record HostRun(
        BackendChoice backend, List<Path> jars, String configYaml, List<String> warnings) {}
