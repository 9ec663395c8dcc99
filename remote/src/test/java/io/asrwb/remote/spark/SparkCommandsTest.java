package io.asrwb.remote.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The daemon scripts under a real /bin/sh, with hostile folder names. */
class SparkCommandsTest {

    private static final String HOSTILE = "job x; touch SENTINEL $(touch SENTINEL) 'q'";
    private static final SparkBoxLayout LAYOUT =
            new SparkBoxLayout("spark home", "jobs/" + HOSTILE + "/spark");

    @TempDir Path home;

    @Test
    void stoppingADaemonThatNeverStartedRunsNothingElseAndRemovesTheUsersAeronFolders()
            throws Exception {
        Path shm = Files.createDirectories(home.resolve("shm " + HOSTILE));
        Path ours =
                Files.createDirectories(shm.resolve("aeron-" + System.getProperty("user.name")));
        Path others = Files.createDirectories(shm.resolve("aeron-someone-else-entirely"));
        Path work =
                Files.createDirectories(home.resolve(LAYOUT.clusterDir()).resolve("work-worker"));

        int exit = sh(SparkCommands.stop(LAYOUT, "worker", Duration.ofSeconds(1), shm.toString()));

        assertThat(exit).isZero();
        assertThat(ours).doesNotExist();
        assertThat(others).exists();
        assertThat(work).doesNotExist();
        assertThat(home.resolve("SENTINEL")).doesNotExist();
    }

    @Test
    void aDaemonStartedByItsScriptIsReadyWhenItsLogSaysSoAndStopsWithItsGroup() throws Exception {
        // a stand-in "java" on the PATH: logs the ready line, then sleeps like a daemon
        Path bin = Files.createDirectories(home.resolve("bin"));
        Path java = bin.resolve("java");
        Files.writeString(
                java, "#!/bin/sh\necho \"" + SparkCommands.WORKER_READY + "\"\nexec sleep 60\n");
        java.toFile().setExecutable(true);
        Files.createDirectories(home.resolve(LAYOUT.sparkHome()));
        SparkNode node = new SparkNode("box", "127.0.0.1", 1, "1g");

        assertThat(sh(SparkCommands.startWorker(LAYOUT, node, "spark://127.0.0.1:7077"))).isZero();
        long pid = Long.parseLong(Files.readString(home.resolve(LAYOUT.pidFile("worker"))).strip());
        int ready = 1;
        for (int i = 0; i < 100 && ready == 1; i++) {
            ready = sh(SparkCommands.ready(LAYOUT, "worker", SparkCommands.WORKER_READY));
            Thread.sleep(50);
        }
        assertThat(ready).isZero();
        assertThat(sh(SparkCommands.stop(LAYOUT, "worker", Duration.ofSeconds(5), home.toString())))
                .isZero();

        ProcessHandle.of(pid).ifPresent(h -> h.onExit().orTimeout(10, TimeUnit.SECONDS).join());
        assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive)).isEmpty();
        assertThat(home.resolve(LAYOUT.pidFile("worker"))).doesNotExist();
        assertThat(home.resolve("SENTINEL")).doesNotExist();
        assertThat(sh(SparkCommands.ready(LAYOUT, "worker", "never logged"))).isEqualTo(2);
    }

    @Test
    void theSparkHomeLinksEveryBundleJarAndCopiesTheJavaOptions() throws Exception {
        Path store = Files.createDirectories(home.resolve("bundle " + HOSTILE));
        Files.writeString(store.resolve("a1.jar"), "engine");
        Files.writeString(store.resolve("b2.jar"), "spark");
        Files.writeString(store.resolve("java-options"), "--add-opens=x");
        String rel = "bundle " + HOSTILE;

        int exit =
                sh(
                        SparkCommands.assembleSparkHome(
                                LAYOUT,
                                List.of(rel + "/a1.jar", rel + "/b2.jar"),
                                rel + "/java-options"));

        assertThat(exit).isZero();
        Path jars = home.resolve(LAYOUT.sparkHome()).resolve("jars");
        assertThat(Files.readString(jars.resolve("a1.jar"))).isEqualTo("engine");
        assertThat(Files.readString(jars.resolve("b2.jar"))).isEqualTo("spark");
        assertThat(home.resolve(LAYOUT.sparkHome()).resolve("java-options"))
                .hasContent("--add-opens=x");
        assertThat(home.resolve("SENTINEL")).doesNotExist();
    }

    @Test
    void theSparkRuntimeIsFoundBesideTheEngineJarOrItsAbsenceExplained() throws Exception {
        Path target = Files.createDirectories(home.resolve("target"));
        Path engineJar = Files.writeString(target.resolve("asrwb-engine.jar"), "engine");
        assertThatThrownBy(() -> SparkRuntime.besideEngineJar(engineJar))
                .hasMessageContaining("the Spark runtime is missing")
                .hasMessageContaining("package");

        Path jars = Files.createDirectories(target.resolve("spark/jars"));
        Files.writeString(jars.resolve("spark-core_2.12-3.5.7.jar"), "spark");
        Files.writeString(jars.resolve("README"), "not a jar");
        Files.writeString(target.resolve("spark/java-options"), "--add-opens=x");

        SparkRuntime runtime = SparkRuntime.besideEngineJar(engineJar);
        assertThat(runtime.jars()).containsExactly(jars.resolve("spark-core_2.12-3.5.7.jar"));
        assertThat(runtime.javaOptions()).hasContent("--add-opens=x");
    }

    @Test
    void badNodesAndLayoutsAreRefusedWithTheFieldNamed() {
        assertThatThrownBy(() -> new SparkNode("gpu1", "10.0.0.2", 0, "4g"))
                .hasMessageContaining("gpu1")
                .hasMessageContaining("core");
        assertThatThrownBy(() -> new SparkNode("gpu1", "10.0.0.2", 1, "4 GB"))
                .hasMessageContaining("4g or 512m");
        assertThatThrownBy(() -> new SparkBoxLayout("/opt/spark", "x"))
                .hasMessageContaining("relative to the login user's home");
        assertThatThrownBy(() -> new SparkMaster.Existing("http://host:7077"))
                .hasMessageContaining("spark://HOST:PORT");
        SparkClusterPlan plan =
                SparkClusterPlan.startOn(
                        List.of(
                                new SparkNode("a", "10.0.0.1", 2, "4g"),
                                new SparkNode("b", "10.0.0.2", 1, "1536m")),
                        7077);
        assertThat(plan.replicas()).isEqualTo(3);
        // executors no larger than the smallest worker, or Spark waits for resources forever
        assertThat(SparkCommands.driverArguments(plan))
                .containsExactly(
                        "--spark-master",
                        "spark://10.0.0.1:7077",
                        "--spark-replicas",
                        "3",
                        "--spark-conf",
                        "spark.executor.memory=1536m");
    }

    /** Runs the argument list as sshd would: /bin/sh -c, from the home folder, bin/ on the PATH. */
    private int sh(List<String> argv) throws Exception {
        assertThat(argv.subList(0, 2)).containsExactly("sh", "-c");
        ProcessBuilder builder =
                new ProcessBuilder("/bin/sh", "-c", argv.get(2))
                        .directory(home.toFile())
                        .redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        builder.environment().put("PATH", home.resolve("bin") + ":" + System.getenv("PATH"));
        builder.environment().put("HOME", home.toString());
        Process p = builder.start();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return p.exitValue();
    }
}
