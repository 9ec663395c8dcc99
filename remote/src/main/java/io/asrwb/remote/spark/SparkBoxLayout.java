package io.asrwb.remote.spark;

import java.util.Objects;

/**
 * Where a Spark job's things live on each box, as paths relative to the login user's home folder
 * (commands start there, SFTP too).
 *
 * @param sparkHome a SPARK_HOME made of the bundle: {@code jars/} holds the engine's runtime jars
 *     and Spark's (the workers launch executors from {@code SPARK_HOME/jars/*}, so executors get
 *     our classes with no class path to pass), {@code java-options} Spark's JVM options for Java 17
 * @param clusterDir the job's master/worker folder: logs, pid files, the worker's work and
 *     scratch folders
 */
public record SparkBoxLayout(String sparkHome, String clusterDir) {

    public SparkBoxLayout {
        Objects.requireNonNull(sparkHome, "sparkHome");
        Objects.requireNonNull(clusterDir, "clusterDir");
        for (String path : new String[] {sparkHome, clusterDir}) {
            if (path.isBlank() || path.startsWith("/") || path.startsWith("~")) {
                throw new IllegalArgumentException(
                        "Spark folders are relative to the login user's home,"
                                + " got '"
                                + path
                                + "'");
            }
        }
    }

    /** The daemon's log file. */
    public String log(String daemon) {
        return clusterDir + "/" + daemon + ".log";
    }

    /** The file holding the daemon's process (group) id. */
    public String pidFile(String daemon) {
        return clusterDir + "/" + daemon + ".pid";
    }
}
