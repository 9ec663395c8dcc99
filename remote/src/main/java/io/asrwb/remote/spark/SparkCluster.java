package io.asrwb.remote.spark;

import io.asrwb.remote.ssh.ExecResult;
import io.asrwb.remote.ssh.SshSession;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts and stops the Spark standalone daemons of a {@link SparkClusterPlan} over SSH, from the
 * Spark jars of the job bundle ({@link SparkBoxLayout#sparkHome()}): the master first (unless the
 * plan targets an existing cluster), then a worker per box, each waited for until its log says it
 * is ready. Stopping takes the workers' executors with them and cleans up after them.
 */
public final class SparkCluster {

    private static final Logger LOG = LoggerFactory.getLogger(SparkCluster.class);
    private static final Duration POLL = Duration.ofMillis(500);

    private final SparkClusterPlan plan;
    private final SparkBoxLayout layout;
    private final Duration startTimeout;

    public SparkCluster(SparkClusterPlan plan, SparkBoxLayout layout, Duration startTimeout) {
        this.plan = plan;
        this.layout = layout;
        this.startTimeout = startTimeout;
    }

    /**
     * Starts the cluster's daemons and waits for them.
     *
     * @param sessions the SSH session of each inventory host name in {@link SparkClusterPlan#hosts()}
     * @return the master's URL, for the driver
     * @throws SparkClusterException when a daemon dies or is not ready in time
     */
    public String start(Function<String, SshSession> sessions) {
        if (plan.master() instanceof SparkMaster.Start master) {
            SshSession ssh = sessions.apply(master.node().host());
            run(ssh, SparkCommands.startMaster(layout, master), "start the Spark master");
            await(ssh, master.node().host(), "master", SparkCommands.MASTER_READY);
        }
        for (SparkNode worker : plan.workers()) {
            SshSession ssh = sessions.apply(worker.host());
            run(
                    ssh,
                    SparkCommands.startWorker(layout, worker, plan.master().url()),
                    "start a Spark worker");
        }
        for (SparkNode worker : plan.workers()) {
            await(
                    sessions.apply(worker.host()),
                    worker.host(),
                    "worker",
                    SparkCommands.WORKER_READY);
        }
        LOG.info("Spark cluster {} up with {} workers", plan.master().url(), plan.workers().size());
        return plan.master().url();
    }

    /**
     * Stops the workers, then the master (TERM, KILL after {@code grace}), and removes their scratch
     * folders and the Aeron folders left in {@code shmDir} ({@code /dev/shm} on a box).
     */
    public void stop(Function<String, SshSession> sessions, Duration grace, String shmDir) {
        for (SparkNode worker : plan.workers()) {
            run(
                    sessions.apply(worker.host()),
                    SparkCommands.stop(layout, "worker", grace, shmDir),
                    "stop a Spark worker");
        }
        if (plan.master() instanceof SparkMaster.Start master) {
            run(
                    sessions.apply(master.node().host()),
                    SparkCommands.stop(layout, "master", grace, shmDir),
                    "stop the Spark master");
        }
    }

    private void await(SshSession ssh, String host, String daemon, String readyText) {
        long deadline = System.nanoTime() + startTimeout.toNanos();
        while (true) {
            ExecResult r = ssh.exec(SparkCommands.ready(layout, daemon, readyText));
            if (r.exitStatus() == 0) {
                return;
            }
            if (r.exitStatus() != 1 || System.nanoTime() > deadline) {
                String why =
                        r.exitStatus() == 1
                                ? "is not ready after " + startTimeout.toSeconds() + " s"
                                : "exited";
                throw new SparkClusterException(
                        "the Spark "
                                + daemon
                                + " on "
                                + host
                                + " "
                                + why
                                + "; the end of "
                                + layout.log(daemon)
                                + ":\n"
                                + tail(ssh, layout.log(daemon)));
            }
            try {
                Thread.sleep(POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SparkClusterException(
                        "interrupted while waiting for the Spark " + daemon + " on " + host);
            }
        }
    }

    private static void run(SshSession ssh, List<String> command, String what) {
        ExecResult r = ssh.exec(command);
        if (r.exitStatus() != 0) {
            throw new SparkClusterException(
                    "could not "
                            + what
                            + " on "
                            + ssh.label()
                            + " (exit "
                            + r.exitStatus()
                            + "): "
                            + r.stderr().strip());
        }
    }

    private static String tail(SshSession ssh, String file) {
        return ssh.exec(List.of("tail", "-n", "30", file)).stdout();
    }
}
