package io.asrwb.remote.spark;

import java.util.Objects;

/**
 * One box of a Spark cluster.
 *
 * @param host the inventory name of the host (the SSH session to use)
 * @param address the address Spark binds to and announces on this box ({@code SPARK_LOCAL_IP}):
 *     one the other boxes reach it on, not necessarily the box's first interface
 * @param cores task slots of its worker: model replicas it trains at once (1 per GPU)
 * @param memory the worker's memory for executors, Spark's syntax ({@code 4g})
 */
public record SparkNode(String host, String address, int cores, String memory) {

    public SparkNode {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(memory, "memory");
        if (address.isBlank()) {
            throw new IllegalArgumentException(
                    "host "
                            + host
                            + ": the Spark bind address is empty;"
                            + " give the address the other boxes reach it on");
        }
        if (cores < 1) {
            throw new IllegalArgumentException(
                    "host " + host + ": a Spark worker needs at least one" + " core, got " + cores);
        }
        if (!memory.matches("[0-9]+[mgt]")) {
            throw new IllegalArgumentException(
                    "host "
                            + host
                            + ": worker memory must look like 4g or"
                            + " 512m, got '"
                            + memory
                            + "'");
        }
    }

    /** {@link #memory()} in MiB. */
    public long memoryMib() {
        long n = Long.parseLong(memory.substring(0, memory.length() - 1));
        return switch (memory.charAt(memory.length() - 1)) {
            case 'm' -> n;
            case 'g' -> n * 1024;
            default -> n * 1024 * 1024;
        };
    }
}
