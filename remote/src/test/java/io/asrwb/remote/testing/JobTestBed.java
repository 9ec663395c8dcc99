package io.asrwb.remote.testing;

import io.asrwb.engine.cli.Main;
import io.asrwb.engine.config.RunConfigYaml;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.testing.DemoSubset;
import io.asrwb.remote.hosts.Host;
import io.asrwb.remote.hosts.HostRepository;
import io.asrwb.remote.jobs.RemoteJobs;
import io.asrwb.remote.jobs.core.ContentHash;
import io.asrwb.remote.jobs.core.RemoteLayout;
import io.asrwb.remote.jobs.core.SessionFactory;
import io.asrwb.remote.jobs.follow.FollowOptions;
import io.asrwb.remote.ssh.KnownHostsFile;
import io.asrwb.remote.ssh.PassphrasePrompt;
import io.asrwb.remote.ssh.SshAuth;
import io.asrwb.remote.ssh.SshConnector;
import io.asrwb.remote.ssh.SshOptions;
import io.asrwb.remote.ssh.SshSession;
import io.asrwb.remote.ssh.SshTarget;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.time.Clock;
import java.time.Duration;
import java.util.Set;
import java.util.function.IntSupplier;

/**
 * A remote job set-up on this machine: a MINA SSH server whose user runs the real engine from the
 * test's class path, a local catalog with a few demo utterances imported as {@code dataset}, and
 * the host {@code box} in the inventory. The runtime jars are linked into the server's
 * content-addressed folder beforehand (the same machine: no need to copy 250 MB per test), and
 * ND4J's natives are unpacked once for all tests into {@code target/remote-test-javacpp}.
 */
public final class JobTestBed implements AutoCloseable {

    public static final String HOST = "box";

    /**
     * Keep-alives of 1 s × 3: a frozen link is noticed in about 4 s. 60 s to connect: a connect is
     * a key exchange and a public-key signature, CPU work in both ends (the server runs in the
     * test's own JVM), and the first one of a JVM loads and compiles the crypto too; at a load of
     * 36 on 2 cores that first connect took over 10 s (RemoteJobFaultsIT, bench/faults-under-load.sh).
     * A refused or frozen connect is not what these tests time: they switch the port back first.
     */
    public static final SshOptions FAST =
            new SshOptions(Duration.ofSeconds(60), Duration.ofSeconds(1), 3);

    /** Quick polling; a dead process is retried at once. */
    public static final FollowOptions FOLLOW =
            new FollowOptions(
                    Duration.ofMillis(200),
                    Duration.ofMillis(800),
                    10,
                    Duration.ofMillis(500),
                    Duration.ofSeconds(20));

    public final Path dir;
    public final TestSshServer server;
    public final Path key;
    public final Catalog catalog;
    public final RemoteJobs jobs;

    /** When set, sessions to {@link #HOST} go to this port (a proxy) instead of the server's. */
    public volatile IntSupplier port;

    private final KeyPair user;
    private final java.util.List<TestSshServer> extraServers = new java.util.ArrayList<>();

    public JobTestBed(Path dir, String dataset, int utterances) {
        this.dir = dir;
        user = TestKeys.generate("ssh-ed25519");
        key = TestKeys.write(user, dir.resolve("id_ed25519"), null);
        server = TestSshServer.start(dir.resolve("server"), user.getPublic());
        port = server::port;
        seedRuntime(server.home());
        Path db = dir.resolve("catalog");
        importDataset(db, dataset, DemoSubset.write(dir.resolve("corpus"), utterances, 0.9));
        catalog = Catalog.open(db);
        new HostRepository(catalog)
                .add(new Host(HOST, "127.0.0.1", server.port(), TestSshServer.USER, key, Set.of()));
        jobs =
                new RemoteJobs(
                        catalog,
                        sessions(),
                        TestRuntime::jars,
                        dir.resolve("staging"),
                        FOLLOW,
                        Clock.systemUTC());
    }

    /** Another server on this machine, in the inventory as {@code name}. */
    public TestSshServer addHost(String name) {
        TestSshServer extra = TestSshServer.start(dir.resolve("server-" + name), user.getPublic());
        extraServers.add(extra);
        seedRuntime(extra.home());
        new HostRepository(catalog)
                .add(new Host(name, "127.0.0.1", extra.port(), TestSshServer.USER, key, Set.of()));
        return extra;
    }

    /** Sessions to the inventory's hosts ({@link #HOST} on {@link #port}), trusting their keys. */
    public SessionFactory sessions() {
        SshConnector connector =
                new SshConnector(
                        new KnownHostsFile(dir.resolve("known_hosts"), false),
                        k -> io.asrwb.remote.ssh.HostKeyDecision.TRUST_AND_SAVE,
                        PassphrasePrompt.none(),
                        FAST);
        return name ->
                connector.connect(
                        new SshTarget(
                                "127.0.0.1",
                                HOST.equals(name)
                                        ? port.getAsInt()
                                        : new HostRepository(catalog)
                                                .find(name)
                                                .orElseThrow()
                                                .port(),
                                TestSshServer.USER,
                                new SshAuth.KeyFile(key)));
    }

    public SshSession connect() {
        return sessions().open(HOST);
    }

    /** A run config: the tiny preset on the few utterances, a checkpoint every few steps. */
    public static String config(int maxSteps, int checkpointEvery) {
        String overlay =
                String.join(
                        "\n",
                        "preset: tiny",
                        "data:",
                        "  max_duration_s: 0.9",
                        "  batch_size: 2",
                        "  duration_buckets: 1",
                        "  val_splits: []",
                        "  loader_threads: 1",
                        "  prefetch_batches: 2",
                        "train:",
                        "  max_steps: " + maxSteps,
                        "  eval_every_steps: 1000",
                        "  checkpoint_every_steps: " + checkpointEvery,
                        "  keep_last: 2",
                        "");
        try {
            RunConfigYaml yaml = RunConfigYaml.standard();
            return yaml.write(yaml.read(overlay, "test config"));
        } catch (io.asrwb.engine.config.ConfigException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Puts {@code jars} into every server's content-addressed folder, as a bundle would (Spark's
     * 113 MB need not go over SFTP in each test).
     */
    public void seedJars(java.util.List<Path> jars) {
        linkJars(server.home(), jars);
        extraServers.forEach(s -> linkJars(s.home(), jars));
    }

    private static void linkJars(Path home, java.util.List<Path> runtimeJars) {
        try {
            Path jars = home.resolve(RemoteLayout.jars());
            Files.createDirectories(jars);
            for (Path jar : runtimeJars) {
                Path target = jars.resolve(ContentHash.addressedName(jar));
                if (Files.exists(target)) {
                    continue;
                }
                try {
                    Files.createLink(target, jar);
                } catch (IOException | UnsupportedOperationException crossDevice) {
                    Files.copy(jar, target);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void seedRuntime(Path home) {
        try {
            linkJars(home, TestRuntime.jars().jars());
            Path natives = Path.of("target", "remote-test-javacpp").toAbsolutePath();
            Files.createDirectories(natives);
            Files.createSymbolicLink(home.resolve(RemoteLayout.BASE).resolve("javacpp"), natives);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void importDataset(Path db, String name, Path manifest) {
        StringWriter err = new StringWriter();
        int exit =
                Main.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(err))
                        .execute(
                                "--db",
                                db.toString(),
                                "dataset",
                                "import",
                                "--format",
                                "nemo",
                                "--name",
                                name,
                                manifest.toString());
        if (exit != 0) {
            throw new IllegalStateException("import failed: " + err);
        }
    }

    /**
     * Waits for the jobs' processes to end (a follower returns at the run's last event, a moment
     * before its java exits), killing what is left after a while, so the temp folder can go.
     */
    @Override
    public void close() {
        catalog.close();
        server.close();
        extraServers.forEach(TestSshServer::close);
        endJobs(server.home(), false);
        extraServers.forEach(s -> endJobs(s.home(), false));
    }

    /**
     * Ends the job processes under a server's home: at once ({@code kill}, a box that is gone), or
     * after waiting up to 30 s for them to exit by themselves.
     */
    public static void endJobs(Path home, boolean kill) {
        Path jobsDir = home.resolve(RemoteLayout.BASE).resolve("jobs");
        if (!Files.isDirectory(jobsDir)) {
            return;
        }
        try (var dirs = Files.list(jobsDir)) {
            for (Path job : dirs.toList()) {
                Path pid = job.resolve("job.pid");
                if (Files.isRegularFile(pid)) {
                    ProcessHandle.of(Long.parseLong(Files.readString(pid).strip()))
                            .ifPresent(
                                    p -> {
                                        if (kill) {
                                            p.descendants().forEach(ProcessHandle::destroyForcibly);
                                            p.destroyForcibly();
                                        }
                                        p.descendants().forEach(JobTestBed::endWithin30s);
                                        endWithin30s(p);
                                    });
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void endWithin30s(ProcessHandle p) {
        try {
            p.onExit().get(30, java.util.concurrent.TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            p.destroyForcibly();
        } catch (InterruptedException | java.util.concurrent.ExecutionException e) {
            Thread.currentThread().interrupt();
        }
    }
}
