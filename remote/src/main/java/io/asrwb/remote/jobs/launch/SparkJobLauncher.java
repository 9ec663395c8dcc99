package io.asrwb.remote.jobs.launch;

import io.asrwb.remote.jobs.bundle.BundleProgress;
import io.asrwb.remote.jobs.bundle.ContentAddressedSync;
import io.asrwb.remote.jobs.bundle.JobBundle;
import io.asrwb.remote.jobs.bundle.RuntimeJars;
import io.asrwb.remote.jobs.core.ContentHash;
import io.asrwb.remote.jobs.core.JobId;
import io.asrwb.remote.jobs.core.JobRecord;
import io.asrwb.remote.jobs.core.LaunchPlan;
import io.asrwb.remote.jobs.core.RemoteLayout;
import io.asrwb.remote.jobs.core.SessionFactory;
import io.asrwb.remote.spark.SparkBoxLayout;
import io.asrwb.remote.spark.SparkCluster;
import io.asrwb.remote.spark.SparkClusterPlan;
import io.asrwb.remote.spark.SparkCommands;
import io.asrwb.remote.spark.SparkMaster;
import io.asrwb.remote.spark.SparkRuntime;
import io.asrwb.remote.ssh.ExecResult;
import io.asrwb.remote.ssh.SshException;
import io.asrwb.remote.ssh.SshSession;
import io.asrwb.remote.ssh.TransferListener;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * {@link LaunchPlan.Spark}: a Spark standalone cluster over the plan's hosts ({@link
 * SparkCluster}) and the training driver on the first host, started by {@code run.sh} like a
 * single-node run (so events, checkpoints, liveness and stop of the driver are the single-node
 * ones) with the Spark arguments of {@code spark.args} and {@code spark.env} in the job folder.
 *
 * <p>Every host gets the engine's and Spark's jars (content-addressed: Spark's 113 MB go once per
 * version) and a SPARK_HOME of links to them, so the executors load our classes from it. A resume
 * restarts our cluster's daemons first: a driver that died may have taken a worker with it, and
 * fresh daemons are simpler to reason about than half-alive ones.
 */
public final class SparkJobLauncher implements PlanLauncher {

    /** Where DL4J's Aeron media driver leaves its folders (cleaned when the cluster stops). */
    static final String SHM = "/dev/shm";

    private static final Duration DAEMON_GRACE = Duration.ofSeconds(5);

    private final SessionFactory sessions;
    private final Function<String, String> addressOf;
    private final Supplier<SparkRuntime> runtime;
    private final Supplier<RuntimeJars> jars;
    private final Duration clusterStartTimeout;
    private final SingleNodeLauncher driver = new SingleNodeLauncher();

    /**
     * @param addressOf the address of an inventory host that the other hosts reach it on
     * @param jars the engine's and Spark's jars together (what {@link #withSpark} gives)
     */
    SparkJobLauncher(
            SessionFactory sessions,
            Function<String, String> addressOf,
            Supplier<SparkRuntime> runtime,
            Supplier<RuntimeJars> jars,
            Duration clusterStartTimeout) {
        this.sessions = sessions;
        this.addressOf = addressOf;
        this.runtime = runtime;
        this.jars = jars;
        this.clusterStartTimeout = clusterStartTimeout;
    }

    /** The engine's jars followed by Spark's: the driver's class path and each SPARK_HOME/jars. */
    static RuntimeJars withSpark(RuntimeJars engine, SparkRuntime spark) {
        List<Path> all = new ArrayList<>(engine.jars());
        spark.jars().stream().filter(j -> !all.contains(j)).forEach(all::add);
        return new RuntimeJars(all);
    }

    /** The job's SPARK_HOME and daemon folder, inside its job folder on every host. */
    public static SparkBoxLayout layout(JobId id) {
        return new SparkBoxLayout(
                RemoteLayout.job(id) + "/spark-home", RemoteLayout.job(id) + "/spark");
    }

    @Override
    public void prepare(SshSession ssh, JobRecord job, BundleProgress progress) {
        Map<String, Path> files = new LinkedHashMap<>();
        for (Path jar : jars.get().jars()) {
            files.put(ContentHash.addressedName(jar), jar);
        }
        List<String> remoteJars =
                files.keySet().stream().map(name -> RemoteLayout.jars() + "/" + name).toList();
        String jobDir = RemoteLayout.job(job.id());
        try (HostSessions hosts = new HostSessions(sessions, job.host(), ssh)) {
            for (String host : job.spec().plan().hosts()) {
                SshSession box = hosts.get(host);
                JobBundle.ownBase(box);
                // one `ls` where the driver's bundle just put them; the other hosts get them here
                ContentAddressedSync.sync(box, RemoteLayout.jars(), files, "runtime", progress);
                box.makeDirectories(jobDir);
                box.upload(
                        runtime.get().javaOptions(),
                        jobDir + "/java-options",
                        TransferListener.ignore());
                check(
                        box,
                        SparkCommands.assembleSparkHome(
                                layout(job.id()), remoteJars, jobDir + "/java-options"),
                        "assemble the job's SPARK_HOME");
            }
        }
    }

    @Override
    public long start(SshSession ssh, JobRecord job, boolean resume) {
        SparkClusterPlan plan = plan(job);
        if (plan.master() instanceof SparkMaster.Start) {
            try (HostSessions hosts = new HostSessions(sessions, job.host(), ssh)) {
                SparkCluster cluster =
                        new SparkCluster(plan, layout(job.id()), clusterStartTimeout);
                if (resume) {
                    cluster.stop(hosts::get, DAEMON_GRACE, SHM);
                }
                try {
                    cluster.start(hosts::get);
                } catch (RuntimeException e) {
                    cluster.stop(hosts::get, DAEMON_GRACE, SHM);
                    throw e;
                }
            }
        }
        // run.sh reads these words (no spaces in them: a URL, numbers, key=value) and NAME=value
        // lines
        writeLines(ssh, job, "spark.args", SparkCommands.driverArguments(plan));
        writeLines(ssh, job, "spark.env", SparkCommands.driverEnvironment(plan.driver().address()));
        return driver.start(ssh, job, resume);
    }

    @Override
    public boolean running(SshSession ssh, JobRecord job) {
        return driver.running(ssh, job);
    }

    @Override
    public void stop(SshSession ssh, JobRecord job, Duration grace) {
        driver.stop(ssh, job, grace);
        release(ssh, job);
    }

    /** Stops the daemons of our cluster on every host (none for an existing cluster). */
    @Override
    public void release(SshSession ssh, JobRecord job) {
        SparkClusterPlan plan = plan(job);
        if (plan.master() instanceof SparkMaster.Start) {
            try (HostSessions hosts = new HostSessions(sessions, job.host(), ssh)) {
                new SparkCluster(plan, layout(job.id()), clusterStartTimeout)
                        .stop(hosts::get, DAEMON_GRACE, SHM);
            }
        }
    }

    private SparkClusterPlan plan(JobRecord job) {
        return ((LaunchPlan.Spark) job.spec().plan()).cluster(addressOf);
    }

    private static void writeLines(SshSession ssh, JobRecord job, String name, List<String> lines) {
        List<String> argv =
                new ArrayList<>(
                        List.of(
                                "sh",
                                "-c",
                                "cd \"$1\" && f=\"$2\" && shift 2 && printf '%s\\n"
                                        + "' \"$@\" > \"$f.tmp\" && mv \"$f.tmp\" \"$f\"",
                                "sh",
                                RemoteLayout.job(job.id()),
                                name));
        argv.addAll(lines);
        check(ssh, argv, "write " + name);
    }

    private static void check(SshSession ssh, List<String> argv, String what) {
        ExecResult r = ssh.exec(argv);
        if (!r.succeeded()) {
            throw new SshException(
                    "cannot "
                            + what
                            + " on "
                            + ssh.label()
                            + " (exit "
                            + r.exitStatus()
                            + "): "
                            + r.stderr().strip());
        }
    }
}
