package io.asrwb.app.jobs;

import io.asrwb.remote.jobs.core.LaunchPlan;
import java.util.List;

/**
 * What a multi-node (Spark) job asks for beyond its hosts, as {@code asrwb job submit --mode
 * spark} asks for it; the defaults are the CLI's.
 *
 * @param master an existing cluster's {@code spark://HOST:PORT}, or empty to start one on the hosts
 * @param cores model replicas per host (1 per GPU); with {@code master}, of the whole job
 * @param workerMemory each host's executor memory, Spark's syntax ({@code 4g})
 * @param masterPort the port of the master started on the first host
 */
public record SparkSettings(String master, int cores, String workerMemory, int masterPort) {

    public static final SparkSettings DEFAULTS =
            new SparkSettings(
                    "",
                    LaunchPlan.Spark.DEFAULT_CORES,
                    LaunchPlan.Spark.DEFAULT_WORKER_MEMORY,
                    LaunchPlan.Spark.DEFAULT_MASTER_PORT);

    public SparkSettings {
        master = master == null ? "" : master.strip();
        workerMemory = workerMemory == null ? "" : workerMemory.strip();
    }

    /** The plan over {@code hosts}; the first runs the driver (and the master, unless given one). */
    LaunchPlan.Spark plan(List<String> hosts) {
        return new LaunchPlan.Spark(hosts, master, cores, workerMemory, masterPort);
    }
}
