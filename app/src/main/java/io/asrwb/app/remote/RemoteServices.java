package io.asrwb.app.remote;

import io.asrwb.engine.store.AppDirs;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.CatalogException;
import io.asrwb.remote.hosts.Host;
import io.asrwb.remote.hosts.HostChecker;
import io.asrwb.remote.hosts.HostRepository;
import io.asrwb.remote.jobs.RemoteJobs;
import io.asrwb.remote.jobs.bundle.RuntimeJars;
import io.asrwb.remote.jobs.core.SessionFactory;
import io.asrwb.remote.jobs.follow.FollowOptions;
import io.asrwb.remote.spark.SparkRuntime;
import io.asrwb.remote.ssh.KnownHostsFile;
import io.asrwb.remote.ssh.SshConnector;
import io.asrwb.remote.ssh.SshOptions;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The remote module's services as the app uses them: the same host inventory, known_hosts file
 * (beside the catalog, as the CLI keeps it: a key trusted in one is trusted in the other) and
 * {@link RemoteJobs} as {@code asrwb host …} and {@code asrwb job …}, with the questions asked in
 * dialogs instead of on a terminal.
 */
public final class RemoteServices {

    private final HostRepository hosts;
    private final KnownHostsFile knownHosts;
    private final SshConnector connector;
    private final RemoteJobs jobs;
    private final Path localRoot;
    private final Supplier<SparkRuntime> sparkRuntime;

    /**
     * @param localRoot the app's own folder for remote jobs: staging, the mirror of each job's
     *     delivered events, fetched checkpoints
     */
    public RemoteServices(
            Catalog catalog,
            SshPrompts prompts,
            SshOptions ssh,
            FollowOptions follow,
            Supplier<RuntimeJars> runtime,
            Path localRoot,
            Clock clock) {
        this(
                catalog,
                prompts,
                ssh,
                follow,
                runtime,
                () -> SparkRuntime.located(runtime.get().jars().get(0)),
                localRoot,
                clock);
    }

    /**
     * @param sparkRuntime Spark's jars for multi-node jobs (asked for only when one is submitted)
     */
    public RemoteServices(
            Catalog catalog,
            SshPrompts prompts,
            SshOptions ssh,
            FollowOptions follow,
            Supplier<RuntimeJars> runtime,
            Supplier<SparkRuntime> sparkRuntime,
            Path localRoot,
            Clock clock) {
        this.sparkRuntime = sparkRuntime;
        this.hosts = new HostRepository(catalog);
        this.knownHosts =
                new KnownHostsFile(catalog.location().resolveSibling("known_hosts"), false);
        this.connector = new SshConnector(knownHosts, prompts.hostKey(), prompts.passphrase(), ssh);
        this.localRoot = localRoot;
        this.jobs =
                new RemoteJobs(
                        catalog,
                        sessions(),
                        runtime,
                        sparkRuntime,
                        localRoot.resolve("staging"),
                        follow,
                        clock);
    }

    /** The app's services: default timings, the engine the app runs, the user's data folder. */
    public static RemoteServices forApp(Catalog catalog, SshPrompts prompts) {
        return new RemoteServices(
                catalog,
                prompts,
                SshOptions.DEFAULTS,
                FollowOptions.DEFAULTS,
                RuntimeJars::ofRunningEngine,
                AppDirs.ofSystem().dataDir().resolve("remote-jobs"),
                Clock.systemUTC());
    }

    public HostRepository hosts() {
        return hosts;
    }

    public KnownHostsFile knownHosts() {
        return knownHosts;
    }

    public HostChecker checker() {
        return new HostChecker(connector);
    }

    public RemoteJobs jobs() {
        return jobs;
    }

    /** Where the app keeps what it has of a job locally (event mirror, fetched checkpoints). */
    public Path localJobFolder(String jobId) {
        return localRoot.resolve(jobId);
    }

    private SessionFactory sessions() {
        return name -> connector.connect(requireHost(name).sshTarget());
    }

    private Host requireHost(String name) {
        return hosts.find(name)
                .orElseThrow(
                        () ->
                                new CatalogException(
                                        "there is no host named "
                                                + name
                                                + "; add it on the Hosts tab"));
    }

    /**
     * Why multi-node (Spark) jobs cannot be submitted from this build, or empty when they can: the
     * installed app carries no Spark runtime, and the Submit dialog says so before anyone submits.
     */
    public Optional<String> sparkUnavailable() {
        try {
            var unused = sparkRuntime.get(); // thrown, not returned, is what it says
            return Optional.empty();
        } catch (IllegalStateException | java.io.UncheckedIOException e) {
            return Optional.of(e.getMessage());
        }
    }
}
