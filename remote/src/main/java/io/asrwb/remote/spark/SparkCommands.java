package io.asrwb.remote.spark;

import io.asrwb.remote.ssh.ShellQuote;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The commands that run a Spark standalone cluster on a box from the job bundle, each an argument
 * list for {@code SshSession.exec} ({@code sh -c SCRIPT}, the script built from quoted words).
 * Daemons run detached in a process group of their own ({@code setsid nohup}), so a stop takes
 * the worker's executors with it. Paths are relative to the home folder, where commands start.
 */
public final class SparkCommands {

    /** Logged by Spark's master once it accepts workers and drivers. */
    public static final String MASTER_READY = "I have been elected leader";

    /** Logged by Spark's worker once the master took it. */
    public static final String WORKER_READY = "Successfully registered with master";

    static final String MASTER_CLASS = "org.apache.spark.deploy.master.Master";
    static final String WORKER_CLASS = "org.apache.spark.deploy.worker.Worker";

    private SparkCommands() {}

    /**
     * Makes the job's SPARK_HOME on a box from jars already there (the bundle's content-addressed
     * engine and Spark jars): {@code jars/} gets a link to each, so the worker's executors get them
     * all as their class path, and {@code java-options} a copy of {@code javaOptions}.
     *
     * @param jars remote paths relative to the home folder
     * @param javaOptions the bundle's copy of the engine's {@code spark/java-options}
     */
    public static List<String> assembleSparkHome(
            SparkBoxLayout layout, List<String> jars, String javaOptions) {
        String jarsDir = layout.sparkHome() + "/jars";
        StringBuilder script =
                new StringBuilder("rm -rf ")
                        .append(q(jarsDir))
                        .append(" && mkdir -p ")
                        .append(q(jarsDir))
                        .append(" && cp ")
                        .append(q(javaOptions))
                        .append(' ')
                        .append(q(layout.sparkHome() + "/java-options"));
        for (String jar : jars) {
            if (!jar.endsWith(".jar")) {
                throw new IllegalArgumentException(
                        "SPARK_HOME/jars takes .jar files only, got " + jar);
            }
            // absolute targets: the links resolve from wherever Spark reads them
            script.append(" && ln -s \"$PWD\"/").append(q(jar)).append(' ').append(q(jarsDir));
        }
        return sh(script.toString());
    }

    /** Starts the standalone master on {@code master}'s box; prints its pid. */
    public static List<String> startMaster(SparkBoxLayout layout, SparkMaster.Start master) {
        return daemon(
                layout,
                "master",
                master.node(),
                List.of(
                        MASTER_CLASS,
                        "--host",
                        master.node().address(),
                        "--port",
                        String.valueOf(master.port()),
                        "--webui-port",
                        "0"));
    }

    /** Starts a worker of {@code node}'s cores and memory that joins {@code masterUrl}; prints its pid. */
    public static List<String> startWorker(
            SparkBoxLayout layout, SparkNode node, String masterUrl) {
        return daemon(
                layout,
                "worker",
                node,
                List.of(
                        WORKER_CLASS,
                        "--host",
                        node.address(),
                        "--cores",
                        String.valueOf(node.cores()),
                        "--memory",
                        node.memory(),
                        "--webui-port",
                        "0",
                        "--work-dir",
                        layout.clusterDir() + "/work-worker",
                        masterUrl));
    }

    /** Exits 0 once the daemon's log holds {@code text}, 1 while not yet, 2 when it died. */
    public static List<String> ready(SparkBoxLayout layout, String daemon, String text) {
        String pid = "$(cat " + q(layout.pidFile(daemon)) + ")";
        // liveness first: a daemon that dies between the two checks has its last words in the log
        return sh(
                "kill -0 "
                        + pid
                        + " 2>/dev/null; alive=$?; "
                        + "grep -qF "
                        + q(text)
                        + " "
                        + q(layout.log(daemon))
                        + " 2>/dev/null && exit 0; "
                        + "[ $alive -eq 0 ] && exit 1; exit 2");
    }

    /**
     * Stops the daemon's process group: TERM, then KILL to what is left after {@code grace}; then
     * removes its work and scratch folders (the logs stay) and the Aeron folders the user left in
     * {@code shmDir} (/dev/shm: hundreds of MB each, left by DL4J's media driver).
     */
    public static List<String> stop(
            SparkBoxLayout layout, String daemon, Duration grace, String shmDir) {
        String pidFile = q(layout.pidFile(daemon));
        // "kill -SIG -PGID", not "kill -SIG -- -PGID": dash's kill takes no "--"
        String group = "-\"$(cat " + pidFile + ")\"";
        long seconds = Math.max(1, grace.toSeconds());
        return sh(
                "if [ -f "
                        + pidFile
                        + " ]; then "
                        + "kill -TERM "
                        + group
                        + " 2>/dev/null; "
                        + "i=0; while [ $i -lt "
                        + seconds
                        + " ] && kill -0 "
                        + group
                        + " 2>/dev/null;"
                        + " do sleep 1; i=$((i+1)); done; "
                        + "kill -KILL "
                        + group
                        + " 2>/dev/null; rm -f "
                        + pidFile
                        + "; fi; "
                        + "rm -rf "
                        + q(layout.clusterDir() + "/work-" + daemon)
                        + " "
                        + q(layout.clusterDir() + "/tmp-" + daemon)
                        + "; "
                        + "rm -rf "
                        + q(shmDir)
                        + "/aeron-\"$(id -un)\"*; exit 0");
    }

    /**
     * The arguments that make the engine's CLI ({@code train} or {@code resume}) the plan's Spark
     * driver: its master, one replica per worker core, and, for workers we start, executors as
     * large as the smallest worker offers (Spark's default 1g would not fit a smaller worker, and
     * the job would wait for resources forever). The driver's JVM also needs {@link
     * #driverEnvironment} and {@link #javaOptionsFile}.
     */
    public static List<String> driverArguments(SparkClusterPlan plan) {
        List<String> args =
                new ArrayList<>(
                        List.of(
                                "--spark-master",
                                plan.master().url(),
                                "--spark-replicas",
                                String.valueOf(plan.replicas())));
        plan.workers().stream()
                .mapToLong(SparkNode::memoryMib)
                .min()
                .ifPresent(
                        mib ->
                                args.addAll(
                                        List.of(
                                                "--spark-conf",
                                                "spark.executor.memory=" + mib + "m")));
        return List.copyOf(args);
    }

    /** Environment words ({@code NAME=value}) for the driver's JVM on a box bound to {@code address}. */
    public static List<String> driverEnvironment(String address) {
        return List.of("SPARK_LOCAL_IP=" + address, "SPARK_SCALA_VERSION=2.12");
    }

    /** {@code @file} naming Spark's JVM options for Java 17 (from the bundle), for any Spark JVM. */
    public static String javaOptionsFile(SparkBoxLayout layout) {
        return "@" + layout.sparkHome() + "/java-options";
    }

    private static List<String> daemon(
            SparkBoxLayout layout, String name, SparkNode node, List<String> mainAndArgs) {
        String dir = layout.clusterDir();
        // the engine's CLI logging (in the engine jar) at INFO: the ready lines are INFO
        List<String> java =
                new ArrayList<>(
                        List.of(
                                "java",
                                "-Xmx1g",
                                "@\"$SPARK_HOME\"/java-options",
                                "-Dlogback.configurationFile=asrwb-cli-logback.xml",
                                "-cp",
                                "\"$SPARK_HOME\"/'jars/*'"));
        StringBuilder script = new StringBuilder();
        script.append("mkdir -p ")
                .append(q(dir + "/tmp-" + name))
                .append(" && ")
                .append("export SPARK_HOME=\"$PWD\"/")
                .append(q(layout.sparkHome()))
                .append(" SPARK_LOCAL_IP=")
                .append(q(node.address()))
                .append(" SPARK_SCALA_VERSION=2.12")
                .append(" SPARK_LOCAL_DIRS=\"$PWD\"/")
                .append(q(dir + "/tmp-" + name))
                .append(" ASRWB_LOG_LEVEL=INFO || exit 1; setsid nohup");
        for (String word : java) {
            script.append(' ').append(word); // already shell words: $SPARK_HOME must expand
        }
        for (String arg : mainAndArgs) {
            script.append(' ').append(q(arg));
        }
        script.append(" > ")
                .append(q(layout.log(name)))
                .append(" 2>&1 < /dev/null & ")
                .append("echo $! > ")
                .append(q(layout.pidFile(name)))
                .append("; echo $!");
        return sh(script.toString());
    }

    private static List<String> sh(String script) {
        return List.of("sh", "-c", script);
    }

    private static String q(String word) {
        return ShellQuote.quote(word);
    }
}
