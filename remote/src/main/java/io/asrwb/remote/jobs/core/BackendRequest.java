package io.asrwb.remote.jobs.core;

import java.util.Locale;

/** The ND4J backend the user asks a job to run on ({@code job submit --backend}). */
public enum BackendRequest {
    /** CUDA on a host with NVIDIA GPUs when this build carries the CUDA jars; the CPU otherwise. */
    AUTO,
    /** The CPU backend, GPUs or not. */
    CPU,
    /** The CUDA backend; refused before anything is sent when the host or this build cannot. */
    CUDA;

    /** Lower case, as the CLI and the catalog write it. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** From {@link #word()}; a clear error for anything else. */
    public static BackendRequest parse(String word) {
        for (BackendRequest r : values()) {
            if (r.word().equals(word.strip().toLowerCase(Locale.ROOT))) {
                return r;
            }
        }
        throw new IllegalArgumentException(
                "--backend must be auto, cpu or cuda, was '" + word + "'");
    }
}
