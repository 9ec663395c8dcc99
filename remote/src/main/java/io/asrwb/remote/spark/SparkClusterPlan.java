package io.asrwb.remote.spark;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A multi-node job's layout: a Spark master (started by us or existing), the workers we start,
 * and the driver's box. The driver trains {@link #replicas()} model replicas per averaging round,
 * one per worker core. Shaped like the job model's launch plans ({@code hosts()}, {@code mode()})
 * so it joins them as the {@code spark} mode.
 *
 * @param master where the master comes from
 * @param workers the workers we start (empty with an existing cluster whose workers are there)
 * @param driver the box the training driver runs on (events.jsonl and checkpoints live there)
 * @param replicas replicas per round; with workers we start, the sum of their cores
 */
public record SparkClusterPlan(
        SparkMaster master, List<SparkNode> workers, SparkNode driver, int replicas) {

    public static final String MODE = "spark";

    public SparkClusterPlan {
        Objects.requireNonNull(master, "master");
        Objects.requireNonNull(driver, "driver");
        workers = List.copyOf(workers);
        if (master instanceof SparkMaster.Start && workers.isEmpty()) {
            throw new IllegalArgumentException(
                    "a Spark cluster we start needs at least one worker host");
        }
        if (replicas < 1) {
            throw new IllegalArgumentException(
                    "a Spark job needs at least one replica, got " + replicas);
        }
    }

    /** A cluster of our own: the master and the driver on the first host, a worker on each. */
    public static SparkClusterPlan startOn(List<SparkNode> nodes, int masterPort) {
        if (nodes.isEmpty()) {
            throw new IllegalArgumentException("a Spark job needs at least one host: --host A,B");
        }
        int replicas = nodes.stream().mapToInt(SparkNode::cores).sum();
        return new SparkClusterPlan(
                new SparkMaster.Start(nodes.get(0), masterPort), nodes, nodes.get(0), replicas);
    }

    /** The inventory names of every box the job touches, the driver's first. */
    public List<String> hosts() {
        List<String> hosts = new ArrayList<>(List.of(driver.host()));
        if (master instanceof SparkMaster.Start start && !hosts.contains(start.node().host())) {
            hosts.add(start.node().host());
        }
        workers.stream().map(SparkNode::host).filter(h -> !hosts.contains(h)).forEach(hosts::add);
        return List.copyOf(hosts);
    }

    public String mode() {
        return MODE;
    }
}
