package io.asrwb.remote.hosts;

/** One GPU as nvidia-smi reports it. Memory in MiB; utilisation in percent, -1 when unknown. */
public record Gpu(
        int index, String name, long memoryTotalMiB, long memoryUsedMiB, int utilizationPercent) {}
