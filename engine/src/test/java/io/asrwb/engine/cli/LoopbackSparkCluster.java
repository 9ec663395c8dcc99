package io.asrwb.engine.cli;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.spark.launcher.JavaModuleOptions;

/**
 * A Spark standalone cluster on loopback for tests: a master and workers as JVMs of their own,
 * started from the test's class path exactly as the remote launch plan starts them from a bundle
 * ({@code java -cp … org.apache.spark.deploy.master.Master}; no Spark install). Each worker has one
 * core, so one executor runs one replica. Logs go to files under the folder given.
 */
final class LoopbackSparkCluster implements AutoCloseable {

    private static final String HOST = "127.0.0.1";

    /** INFO: the lines the fixture waits for (leader elected, worker registered) are INFO. */
    private static final String LOGBACK =
            """
            <configuration>
              <appender name="OUT" class="ch.qos.logback.core.ConsoleAppender">
                <encoder><pattern>%d{HH:mm:ss.SSS} %-5level %logger{20} - %msg%n</pattern></encoder>
              </appender>
              <root level="INFO"><appender-ref ref="OUT"/></root>
            </configuration>
            """;

    private final Path dir;
    private final Process master;
    private final int port;
    private final List<Process> workers = new ArrayList<>();

    LoopbackSparkCluster(Path dir, int workerCount) throws IOException, InterruptedException {
        this.dir = dir;
        this.port = freePort();
        this.master =
                start(
                        "master",
                        List.of(
                                "org.apache.spark.deploy.master.Master",
                                "--host",
                                HOST,
                                "--port",
                                String.valueOf(port),
                                "--webui-port",
                                String.valueOf(freePort())));
        awaitLog("master", "I have been elected leader", master);
        for (int i = 0; i < workerCount; i++) {
            String name = "worker" + i;
            Path work = Files.createDirectories(dir.resolve(name + "-work"));
            Process worker =
                    start(
                            name,
                            List.of(
                                    "org.apache.spark.deploy.worker.Worker",
                                    "--host",
                                    HOST,
                                    "--cores",
                                    "1",
                                    "--memory",
                                    "1g",
                                    "--webui-port",
                                    String.valueOf(freePort()),
                                    "--work-dir",
                                    work.toString(),
                                    url()));
            workers.add(worker);
            awaitLog(name, "Successfully registered with master", worker);
        }
    }

    String url() {
        return "spark://" + HOST + ":" + port;
    }

    /** The class path executors need before Spark's own: all of the test's. */
    static String classPath() {
        return System.getProperty(
                "surefire.test.class.path", System.getProperty("java.class.path"));
    }

    /** Kills worker {@code i} and its executor with SIGKILL, as when its box dies. */
    void killWorker(int i) throws InterruptedException {
        Process worker = workers.get(i);
        List<ProcessHandle> tree = new ArrayList<>(worker.descendants().toList());
        tree.add(worker.toHandle());
        tree.forEach(ProcessHandle::destroyForcibly);
        worker.waitFor(30, TimeUnit.SECONDS);
    }

    private Process start(String name, List<String> mainAndArgs) throws IOException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path logback = dir.resolve("logback.xml");
        Files.writeString(logback, LOGBACK);
        List<String> command =
                new ArrayList<>(
                        List.of(
                                java.toString(),
                                "-Xmx512m",
                                "-Dlogback.configurationFile=" + logback));
        command.addAll(Arrays.asList(JavaModuleOptions.defaultModuleOptions().split(" ")));
        command.addAll(List.of("-cp", classPath()));
        command.addAll(mainAndArgs);
        ProcessBuilder builder = new ProcessBuilder(command);
        // the worker looks for SPARK_HOME/jars; the executors' classes come from extraClassPath
        Path sparkHome = dir.resolve("spark-home");
        Files.createDirectories(sparkHome.resolve("jars"));
        Map<String, String> env = builder.environment();
        env.put("SPARK_HOME", sparkHome.toString());
        env.put("SPARK_SCALA_VERSION", "2.12");
        env.put("SPARK_LOCAL_IP", HOST);
        env.put("SPARK_LOCAL_DIRS", Files.createDirectories(dir.resolve(name + "-tmp")).toString());
        builder.redirectErrorStream(true);
        builder.redirectOutput(dir.resolve(name + ".log").toFile());
        return builder.start();
    }

    private void awaitLog(String name, String text, Process process)
            throws IOException, InterruptedException {
        Path log = dir.resolve(name + ".log");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (System.nanoTime() < deadline) {
            if (Files.isRegularFile(log) && Files.readString(log).contains(text)) {
                return;
            }
            if (!process.isAlive()) {
                throw new IllegalStateException(name + " exited: " + Files.readString(log));
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException(
                name + " did not log '" + text + "' within 90 s: " + Files.readString(log));
    }

    /** The logs of every process, for a failing test's message. */
    String logs() throws IOException {
        StringBuilder all = new StringBuilder();
        try (var files = Files.list(dir)) {
            for (Path log : files.filter(p -> p.toString().endsWith(".log")).sorted().toList()) {
                all.append("==== ")
                        .append(log.getFileName())
                        .append('\n')
                        .append(Files.readString(log));
            }
        }
        return all.toString();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @Override
    public void close() {
        List<Process> all = new ArrayList<>(workers);
        all.add(master);
        for (Process p : all) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
    }
}
