package io.asrwb.remote.jobs.core;

import io.asrwb.remote.spark.SparkClusterPlan;
import io.asrwb.remote.spark.SparkMaster;
import io.asrwb.remote.spark.SparkNode;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * How a job's processes are laid out over hosts. Each plan has its {@link io.asrwb.remote.jobs.launch.PlanLauncher}; the job
 * machinery (bundle, event stream, stop, fetch, auto-resume) is the same for all of them.
 */
public sealed interface LaunchPlan permits LaunchPlan.SingleNode, LaunchPlan.Spark {

    /** The inventory names of the hosts, in order of preference. */
    List<String> hosts();

    /** The CLI's {@code --mode} word, also stored in the catalog: {@code single}, {@code spark}. */
    String mode();

    /**
     * One process on one host. The job runs on the first host; when that host cannot be reached to
     * resume a dead process, the next one in the list takes over.
     *
     * @param hosts at least one host name
     */
    record SingleNode(List<String> hosts) implements LaunchPlan {

        public static final String MODE = "single";

        public SingleNode {
            Objects.requireNonNull(hosts, "hosts");
            hosts = List.copyOf(hosts);
            if (hosts.isEmpty()) {
                throw new IllegalArgumentException("a single-node job needs a host: --host NAME");
            }
        }

        @Override
        public String mode() {
            return MODE;
        }
    }

    /**
     * Several hosts train one model on Apache Spark (the launch package's {@code SparkJobLauncher}): the driver (the
     * engine's {@code train}, writing events and checkpoints) on the first host, a worker on every
     * host, and the master on the first host unless {@code master} names an existing cluster.
     *
     * @param hosts at least one host name; the first runs the driver (and our master)
     * @param master an existing cluster's {@code spark://HOST:PORT}, or empty to start our own
     * @param cores task slots of each worker, i.e. model replicas per host (1 per GPU); with an
     *     existing cluster, the replicas of the whole job
     * @param workerMemory each worker's memory for executors, Spark's syntax ({@code 4g})
     * @param masterPort the port of the master we start
     */
    record Spark(List<String> hosts, String master, int cores, String workerMemory, int masterPort)
            implements LaunchPlan {

        public static final String MODE = SparkClusterPlan.MODE;

        /** Model replicas per host when none is asked for (1 per GPU is the rule). */
        public static final int DEFAULT_CORES = 1;

        /** Each worker's memory for executors when none is asked for. */
        public static final String DEFAULT_WORKER_MEMORY = "4g";

        /** The port of the master we start when none is asked for (Spark's own default). */
        public static final int DEFAULT_MASTER_PORT = 7077;

        public Spark {
            Objects.requireNonNull(hosts, "hosts");
            Objects.requireNonNull(master, "master");
            hosts = List.copyOf(hosts);
            if (hosts.isEmpty()) {
                throw new IllegalArgumentException(
                        "a Spark job needs hosts: --host A,B (the first runs" + " the driver)");
            }
            if (hosts.stream().distinct().count() != hosts.size()) {
                throw new IllegalArgumentException(
                        "a Spark job names each host once, got " + hosts);
            }
            if (!master.isEmpty()) {
                new SparkMaster.Existing(master); // checks its form
            }
            new SparkNode(hosts.get(0), "-", cores, workerMemory); // checks cores and memory
            new SparkMaster.Start(
                    new SparkNode(hosts.get(0), "-", cores, workerMemory), masterPort);
        }

        @Override
        public String mode() {
            return MODE;
        }

        /** The cluster, given each host's address (the one the other hosts reach it on). */
        public SparkClusterPlan cluster(Function<String, String> addressOf) {
            List<SparkNode> nodes =
                    hosts.stream()
                            .map(h -> new SparkNode(h, addressOf.apply(h), cores, workerMemory))
                            .toList();
            if (master.isEmpty()) {
                return SparkClusterPlan.startOn(nodes, masterPort);
            }
            return new SparkClusterPlan(
                    new SparkMaster.Existing(master), List.of(), nodes.get(0), cores);
        }
    }
}
