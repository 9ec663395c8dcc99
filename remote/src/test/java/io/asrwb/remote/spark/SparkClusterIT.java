package io.asrwb.remote.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.remote.ssh.HostKeyDecision;
import io.asrwb.remote.ssh.KnownHostsFile;
import io.asrwb.remote.ssh.PassphrasePrompt;
import io.asrwb.remote.ssh.SshAuth;
import io.asrwb.remote.ssh.SshConnector;
import io.asrwb.remote.ssh.SshOptions;
import io.asrwb.remote.ssh.SshSession;
import io.asrwb.remote.ssh.SshTarget;
import io.asrwb.remote.testing.TestKeys;
import io.asrwb.remote.testing.TestRuntime;
import io.asrwb.remote.testing.TestSshServer;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Spark standalone cluster started over SSH on two "hosts" (two real SSH servers on loopback):
 * the master and a worker on the first, a worker on the second, from the engine's runtime and
 * Spark jars laid out as a bundle's SPARK_HOME; both workers join; a driver trains a round on
 * them; stopping leaves no daemon, no scratch folder and no Aeron folder behind.
 */
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class SparkClusterIT {

    private static final SparkBoxLayout LAYOUT =
            new SparkBoxLayout(".asrwb-remote/spark-home", ".asrwb-remote/jobs/j1/spark");

    @TempDir Path dir;
    private final Map<String, TestSshServer> servers = new LinkedHashMap<>();
    private final Map<String, SshSession> sessions = new LinkedHashMap<>();

    @AfterEach
    void close() {
        sessions.values().forEach(SshSession::close);
        servers.values().forEach(TestSshServer::close);
    }

    @Test
    void startsAMasterAndTwoWorkersOverSshAndStopsThemWithoutLeftovers() throws Exception {
        KeyPair user = TestKeys.generate("ssh-ed25519");
        Path key = TestKeys.write(user, dir.resolve("id"), null);
        for (String host : List.of("box-a", "box-b")) {
            TestSshServer server = TestSshServer.start(dir.resolve(host), user.getPublic());
            servers.put(host, server);
            bundle(server.home());
            sessions.put(
                    host,
                    new SshConnector(
                                    new KnownHostsFile(dir.resolve("known_hosts"), false),
                                    k -> HostKeyDecision.TRUST_ONCE,
                                    PassphrasePrompt.none(),
                                    SshOptions.DEFAULTS)
                            .connect(
                                    new SshTarget(
                                            "127.0.0.1",
                                            server.port(),
                                            TestSshServer.USER,
                                            new SshAuth.KeyFile(key))));
        }
        SparkClusterPlan plan =
                SparkClusterPlan.startOn(
                        List.of(
                                new SparkNode("box-a", "127.0.0.1", 1, "768m"),
                                new SparkNode("box-b", "127.0.0.1", 1, "768m")),
                        freePort());
        SparkCluster cluster = new SparkCluster(plan, LAYOUT, Duration.ofMinutes(2));
        Path shm = Files.createDirectories(dir.resolve("shm"));
        Path aeron =
                Files.createDirectories(shm.resolve("aeron-" + System.getProperty("user.name")));
        Files.writeString(aeron.resolve("cnc.dat"), "left by a media driver");

        String url;
        try {
            url = cluster.start(sessions::get);
        } catch (SparkClusterException e) {
            cluster.stop(sessions::get, Duration.ofSeconds(5), shm.toString());
            throw e;
        }

        List<Long> pids;
        try {
            assertThat(url).isEqualTo(plan.master().url());
            assertThat(plan.hosts()).containsExactly("box-a", "box-b");
            assertThat(plan.replicas()).isEqualTo(2);
            Path masterLog = servers.get("box-a").home().resolve(LAYOUT.log("master"));
            assertThat(Files.readString(masterLog).split("Registering worker", -1)).hasSize(3);
            pids = List.of(pid("box-a", "master"), pid("box-a", "worker"), pid("box-b", "worker"));
            assertThat(pids).allSatisfy(p -> assertThat(ProcessHandle.of(p)).isPresent());

            // a driver trains one round on it: the executors find the engine's classes (custom
            // layers,
            // CTC loss) in the bundle's SPARK_HOME/jars alone, with no executor class path given
            Path run = dir.resolve("run");
            assertThat(
                            driver(
                                    "dataset",
                                    "import",
                                    "--format",
                                    "nemo",
                                    "--name",
                                    "demo",
                                    demoManifest().toString()))
                    .isZero();
            Path config = dir.resolve("run.yaml");
            Files.writeString(
                    config,
                    String.join(
                            "\n",
                            "preset: tiny",
                            "data:",
                            "  max_duration_s: 0.6",
                            "  batch_size: 4",
                            "  val_splits: []",
                            "train:",
                            "  averaging_frequency: 1",
                            ""));
            List<String> train =
                    new ArrayList<>(
                            List.of(
                                    "train",
                                    "--config",
                                    config.toString(),
                                    "--dataset",
                                    "demo",
                                    "--out",
                                    run.toString(),
                                    "--max-steps",
                                    "2"));
            train.addAll(SparkCommands.driverArguments(plan));
            assertThat(driver(train.toArray(String[]::new)))
                    .as(read(dir.resolve("driver.log")))
                    .isZero();
            assertThat(Files.readString(run.resolve("events.jsonl"))).contains("\"finished\"");
        } finally {
            cluster.stop(sessions::get, Duration.ofSeconds(10), shm.toString());
        }

        for (long p : pids) {
            ProcessHandle.of(p).ifPresent(h -> h.onExit().orTimeout(30, TimeUnit.SECONDS).join());
        }
        assertThat(pids)
                .allSatisfy(
                        p ->
                                assertThat(ProcessHandle.of(p).filter(ProcessHandle::isAlive))
                                        .isEmpty());
        for (String host : servers.keySet()) {
            Path clusterDir = servers.get(host).home().resolve(LAYOUT.clusterDir());
            assertThat(clusterDir.resolve("worker.pid")).doesNotExist();
            assertThat(clusterDir.resolve("work-worker")).doesNotExist();
            assertThat(clusterDir.resolve("worker.log")).exists();
        }
        assertThat(aeron).doesNotExist();
    }

    @Test
    void aWorkerThatCannotStartIsReportedWithItsLog() throws Exception {
        KeyPair user = TestKeys.generate("ssh-ed25519");
        Path key = TestKeys.write(user, dir.resolve("id"), null);
        TestSshServer server = TestSshServer.start(dir.resolve("box"), user.getPublic());
        servers.put("box", server);
        Files.createDirectories(server.home().resolve(LAYOUT.sparkHome()).resolve("jars"));
        Files.writeString(server.home().resolve(LAYOUT.sparkHome()).resolve("java-options"), "");
        sessions.put(
                "box",
                new SshConnector(
                                new KnownHostsFile(dir.resolve("known_hosts"), false),
                                k -> HostKeyDecision.TRUST_ONCE,
                                PassphrasePrompt.none(),
                                SshOptions.DEFAULTS)
                        .connect(
                                new SshTarget(
                                        "127.0.0.1",
                                        server.port(),
                                        TestSshServer.USER,
                                        new SshAuth.KeyFile(key))));
        SparkClusterPlan plan =
                new SparkClusterPlan(
                        new SparkMaster.Existing("spark://127.0.0.1:1"),
                        List.of(new SparkNode("box", "127.0.0.1", 1, "512m")),
                        new SparkNode("box", "127.0.0.1", 1, "512m"),
                        1);

        SparkCluster cluster = new SparkCluster(plan, LAYOUT, Duration.ofSeconds(60));

        // no jars in the bundle: java cannot find the worker class and exits
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> cluster.start(sessions::get))
                .isInstanceOf(SparkClusterException.class)
                .hasMessageContaining("worker on box exited")
                .hasMessageContaining("org.apache.spark.deploy.worker.Worker");
    }

    /**
     * The bundle as a box holds it: SPARK_HOME/jars with the engine's runtime jars and its Spark
     * jars (the executors' whole class path), and Spark's JVM options.
     */
    private static void bundle(Path home) throws IOException {
        Path engineJar = engineTarget().resolve("asrwb-engine.jar");
        SparkRuntime spark = SparkRuntime.besideEngineJar(engineJar);
        Path jars = Files.createDirectories(home.resolve(LAYOUT.sparkHome()).resolve("jars"));
        List<Path> all = new ArrayList<>(List.of(engineJar));
        try (Stream<Path> lib = Files.list(engineJar.resolveSibling("lib"))) {
            all.addAll(lib.toList());
        }
        all.addAll(spark.jars());
        for (Path jar : all) {
            Files.createSymbolicLink(jars.resolve(jar.getFileName()), jar);
        }
        Files.copy(spark.javaOptions(), home.resolve(LAYOUT.sparkHome()).resolve("java-options"));
    }

    private static Path engineTarget() {
        return TestRuntime.engineTarget();
    }

    /** The engine CLI as a Spark driver on this box (the test's), as a job's driver runs it. */
    private int driver(String... args) throws Exception {
        Path target = engineTarget();
        List<String> command =
                new ArrayList<>(
                        List.of(
                                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                                "@" + target.resolve("spark/java-options"),
                                "-Dlogback.configurationFile=asrwb-cli-logback.xml",
                                "-Dorg.bytedeco.javacpp.cachedir="
                                        + System.getProperty("user.home")
                                        + "/.cache/asrwb/javacpp",
                                "-cp",
                                target.resolve("asrwb-engine.jar")
                                        + ":"
                                        + target.resolve("lib")
                                        + "/*:"
                                        + target.resolve("spark/jars")
                                        + "/*",
                                "io.asrwb.engine.cli.Main",
                                "--db",
                                dir.resolve("catalog").toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder =
                new ProcessBuilder(command)
                        .redirectErrorStream(true)
                        .redirectOutput(
                                ProcessBuilder.Redirect.appendTo(
                                        dir.resolve("driver.log").toFile()));
        for (String variable : SparkCommands.driverEnvironment("127.0.0.1")) {
            String[] kv = variable.split("=", 2);
            builder.environment().put(kv[0], kv[1]);
        }
        Process p = builder.start();
        if (!p.waitFor(3, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError(
                    "the driver did not end in 3 minutes: " + read(dir.resolve("driver.log")));
        }
        return p.exitValue();
    }

    private static Path demoManifest() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            Path manifest = p.resolve("assets/demo-corpus/demo.jsonl");
            if (Files.isRegularFile(manifest)) {
                return manifest;
            }
        }
        throw new IllegalStateException(
                "assets/demo-corpus/demo.jsonl not found above the working dir");
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return e.toString();
        }
    }

    private long pid(String host, String daemon) throws IOException {
        return Long.parseLong(
                Files.readString(servers.get(host).home().resolve(LAYOUT.pidFile(daemon))).strip());
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
