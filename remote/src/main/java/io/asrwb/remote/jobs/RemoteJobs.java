package io.asrwb.remote.jobs;

import io.asrwb.engine.config.ConfigException;
import io.asrwb.engine.config.RunConfigYaml;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.train.RunLock;
import io.asrwb.engine.train.checkpoint.Checkpoint;
import io.asrwb.remote.hosts.GpuProbe;
import io.asrwb.remote.hosts.Host;
import io.asrwb.remote.hosts.HostRepository;
import io.asrwb.remote.spark.SparkRuntime;
import io.asrwb.remote.ssh.ExecResult;
import io.asrwb.remote.ssh.SshException;
import io.asrwb.remote.ssh.SshSession;
import io.asrwb.remote.ssh.TransferListener;
import java.io.IOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Remote jobs for the CLI and the app: submit (bundle, launch), attach (follow with reattach and
 * auto-resume), stop, fetch, list. Jobs are rows of the catalog; everything else lives on the host.
 */
public final class RemoteJobs {

    private final Catalog catalog;
    private final JobRepository jobs;
    private final SessionFactory sessions;
    private final Supplier<RuntimeJars> runtime;
    private final Supplier<SparkRuntime> sparkRuntime;
    private final Path stagingRoot;

    /** Copies of each job's newest checkpoints, for failover and for fetch without the host. */
    private final KeptCheckpoints kept;

    private final FollowOptions options;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    /** Spark's daemons start in seconds; a loaded box may take a minute. */
    private static final java.time.Duration SPARK_START_TIMEOUT = java.time.Duration.ofMinutes(3);

    /**
     * @param runtime the engine jars to send (asked for only when a job is submitted)
     * @param stagingRoot a local scratch folder for the manifests and small files being sent
     */
    public RemoteJobs(
            Catalog catalog,
            SessionFactory sessions,
            Supplier<RuntimeJars> runtime,
            Path stagingRoot,
            FollowOptions options,
            Clock clock) {
        this(
                catalog,
                sessions,
                runtime,
                () -> SparkRuntime.besideEngineJar(runtime.get().jars().get(0)),
                stagingRoot,
                options,
                clock);
    }

    /**
     * @param sparkRuntime Spark's jars and JVM options for multi-node jobs (asked for only when a
     *     Spark job is submitted; by default found beside the engine jar)
     */
    public RemoteJobs(
            Catalog catalog,
            SessionFactory sessions,
            Supplier<RuntimeJars> runtime,
            Supplier<SparkRuntime> sparkRuntime,
            Path stagingRoot,
            FollowOptions options,
            Clock clock) {
        this.catalog = catalog;
        this.jobs = new JobRepository(catalog, clock);
        this.sessions = sessions;
        this.runtime = runtime;
        this.sparkRuntime = sparkRuntime;
        this.stagingRoot = stagingRoot;
        this.kept = KeptCheckpoints.besideCatalog(catalog.location());
        this.options = options;
        this.clock = clock;
    }

    /** The launcher of a single-node plan (Spark plans need a {@link RemoteJobs}: {@link #launcher}). */
    public static PlanLauncher launcherFor(LaunchPlan plan) {
        if (plan instanceof LaunchPlan.SingleNode) {
            return new SingleNodeLauncher();
        }
        throw new IllegalArgumentException("no launcher for launch mode " + plan.mode());
    }

    /** The launcher of any plan. */
    public PlanLauncher launcher(LaunchPlan plan) {
        if (plan instanceof LaunchPlan.Spark) {
            return new SparkJobLauncher(
                    sessions, this::addressOf, sparkRuntime, this::sparkJars, SPARK_START_TIMEOUT);
        }
        return launcherFor(plan);
    }

    private RuntimeJars sparkJars() {
        return SparkJobLauncher.withSpark(runtime.get(), sparkRuntime.get());
    }

    /** The inventory address of a host: where the other hosts of a Spark job reach it. */
    private String addressOf(String host) {
        return new HostRepository(catalog)
                .find(host)
                .map(Host::address)
                .orElseThrow(
                        () ->
                                new IllegalArgumentException(
                                        "host "
                                                + host
                                                + " is not in the inventory; add it with"
                                                + " `asrwb host add`"));
    }

    public JobRepository repository() {
        return jobs;
    }

    public List<JobRecord> list() {
        return jobs.list();
    }

    /**
     * Records the job, sends its bundle to the plan's first host and starts it there. What cannot
     * run there (a backend the host or this build lacks) is refused before anything is recorded or
     * sent; a submission that fails later leaves the job {@link JobState.Lost} with the reason.
     */
    public JobRecord submit(JobSpec spec, BundleProgress progress) throws IOException {
        requireValidConfig(spec.configYaml());
        try (SshSession ssh = sessions.open(spec.plan().hosts().get(0))) {
            HostRun run = prepareHost(ssh, spec, spec.plan().hosts().get(0));
            JobRecord job = jobs.add(JobId.generate(clock.instant(), random), spec);
            try {
                return launch(ssh, job, run, progress, (host, hostRun) -> false);
            } catch (IOException | RuntimeException e) {
                jobs.setState(job.id(), new JobState.Lost("submission failed: " + e.getMessage()));
                throw e;
            }
        }
    }

    /** What is done on a host once the bundle is there; true to start the run as a resume. */
    @FunctionalInterface
    private interface BeforeStart {
        boolean prepare(SshSession ssh, HostRun run) throws IOException;
    }

    /**
     * Sends the job's bundle to its host and starts the run there: a new one, or a resume when
     * {@code beforeStart} says so (it put a checkpoint there).
     */
    private JobRecord launchOn(JobRecord job, BundleProgress progress, BeforeStart beforeStart)
            throws IOException {
        try (SshSession ssh = sessions.open(job.host())) {
            return launch(
                    ssh, job, prepareHost(ssh, job.spec(), job.host()), progress, beforeStart);
        }
    }

    /** What one host gets: its backend, and the job's class path and config for it. */
    private record HostRun(
            BackendChoice backend, List<Path> jars, String configYaml, List<String> warnings) {}

    /**
     * Checks the host and decides its backend from its GPUs, probed now over this session (the
     * inventory keeps no test results, and a driver may have come or gone since the last test).
     */
    private HostRun prepareHost(SshSession ssh, JobSpec spec, String host) {
        requireJava(ssh);
        boolean spark = spec.plan() instanceof LaunchPlan.Spark;
        RuntimeJars jars = spark ? sparkJars() : runtime.get();
        List<String> notes = new ArrayList<>();
        BackendChoice backend =
                BackendChoice.choose(
                        spec.backend(),
                        host,
                        spark ? List.of() : GpuProbe.gpus(ssh, notes),
                        jars.hasCuda(),
                        spark);
        notes.addAll(backend.warnings());
        return new HostRun(
                backend, backend.jars(jars), backend.configFor(spec.configYaml(), host), notes);
    }

    private JobRecord launch(
            SshSession ssh,
            JobRecord job,
            HostRun run,
            BundleProgress progress,
            BeforeStart beforeStart)
            throws IOException {
        Path staging = stagingRoot.resolve(job.id().value());
        try {
            run.warnings().forEach(progress::warn);
            DatasetExport dataset =
                    DatasetExport.write(catalog, job.spec().dataset(), staging.resolve("data"));
            PlanLauncher launcher = launcher(job.spec().plan());
            new JobBundle(run.jars(), run.configYaml()).send(ssh, job, dataset, staging, progress);
            jobs.setBackend(job.id(), run.backend().word());
            launcher.prepare(ssh, job, progress);
            long pid = launcher.start(ssh, job, beforeStart.prepare(ssh, run));
            return jobs.setState(job.id(), new JobState.Running(pid));
        } finally {
            try {
                LocalFiles.deleteTree(staging);
            } catch (IOException e) {
                // scratch files of a submission; the next submission gets a folder of its own
            }
        }
    }

    /**
     * The plan's next host takes over a job whose host cannot be reached (while restarts are left):
     * the run goes on there from the newest checkpoint kept on this machine (copied while it was
     * followed), or starts over when none had reached this machine.
     */
    private Optional<JobRecord> moveOn(JobRecord job, EventSink sink) {
        if (!(job.spec().plan() instanceof LaunchPlan.SingleNode)) {
            return Optional.empty(); // a cluster's hosts are all in use: none is spare
        }
        List<String> hosts = job.spec().plan().hosts();
        int here = hosts.indexOf(job.host());
        if (here < 0 || here + 1 >= hosts.size() || job.restarts() >= job.spec().maxRestarts()) {
            return Optional.empty();
        }
        String next = hosts.get(here + 1);
        jobs.countRestart(job.id());
        jobs.setHost(job.id(), next);
        jobs.saveEventsOffset(job.id(), 0); // a new events.jsonl on the new host
        try {
            Optional<Checkpoint> carried = kept.newest(job.id());
            if (carried.isEmpty()) {
                kept.forget(
                        job.id()); // only damaged or half copies: none may pass for the new run's
            }
            JobRecord moved =
                    launchOn(
                            jobs.require(job.id()),
                            BundleProgress.ignore(),
                            (ssh, run) -> {
                                if (carried.isPresent()) {
                                    kept.placeOn(
                                            ssh,
                                            job.id(),
                                            carried.get(),
                                            config ->
                                                    BackendChoice.withDevicesOf(
                                                            config, run.configYaml()));
                                }
                                return carried.isPresent();
                            });
            String restart = ", restart " + moved.restarts() + " of " + job.spec().maxRestarts();
            sink.note(
                    carried.map(
                                    c ->
                                            job.host()
                                                    + " cannot be reached; "
                                                    + next
                                                    + " goes on from the"
                                                    + " checkpoint at step "
                                                    + c.step()
                                                    + " kept on this machine (training resumes at"
                                                    + " step "
                                                    + (c.step() + 1)
                                                    + ")"
                                                    + restart)
                            .orElse(
                                    job.host()
                                            + " cannot be reached; no checkpoint"
                                            + " of job "
                                            + job.id()
                                            + " had reached this machine; "
                                            + next
                                            + " starts the run over"
                                            + restart));
            return Optional.of(moved);
        } catch (IOException | RuntimeException e) {
            jobs.setState(
                    job.id(),
                    new JobState.Lost("moving to " + next + " failed: " + e.getMessage()));
            throw new SshException(
                    "cannot move job " + job.id() + " to " + next + ": " + e.getMessage(), e);
        }
    }

    /**
     * Follows the job until it ends (see {@link JobFollower}), then ends what its plan left
     * running around the run (a Spark job's cluster).
     */
    public JobState attach(JobId id, EventSink sink) throws InterruptedException {
        JobState end =
                new JobFollower(jobs, sessions, this::launcher, options, this::moveOn, kept)
                        .follow(id, sink);
        if (end.ended() && !(jobs.require(id).spec().plan() instanceof LaunchPlan.SingleNode)) {
            JobRecord job = jobs.require(id);
            try (SshSession ssh = sessions.open(job.host())) {
                launcher(job.spec().plan()).release(ssh, job);
            } catch (RuntimeException e) {
                sink.note(
                        "could not stop the cluster of job "
                                + id
                                + ": "
                                + e.getMessage()
                                + "; `asrwb job stop "
                                + id
                                + "` tries again");
            }
        }
        return end;
    }

    /** Stops the job: TERM to its processes, KILL after the grace period; records it as stopped. */
    public JobRecord stop(JobId id) {
        JobRecord job = jobs.require(id);
        // recorded first, so a follower seeing the process end does not start it again
        JobRecord stopped = jobs.setState(id, new JobState.Stopped());
        try (SshSession ssh = sessions.open(job.host())) {
            launcher(job.spec().plan()).stop(ssh, job, options.stopGrace());
        } catch (RuntimeException e) {
            jobs.setState(id, job.state());
            throw e;
        }
        return stopped;
    }

    /**
     * Starts a stopped or lost job again on its host, from its newest complete checkpoint (from
     * the beginning when it has none yet); follow it with {@link #attach} as before. First the old
     * run's undelivered lines go to {@code sink}, so its last {@code finished} line is not taken
     * later for the end of the new run. A finished or failed job is refused: it would end (or
     * fail) again at once.
     */
    public JobRecord resume(JobId id, EventSink sink) throws InterruptedException {
        attach(id, sink); // returns at once for a stopped or lost job, once its lines are delivered
        JobRecord job = jobs.require(id);
        if (!(job.state() instanceof JobState.Stopped || job.state() instanceof JobState.Lost)) {
            throw new IllegalStateException(
                    "job "
                            + id
                            + " is "
                            + job.state().word()
                            + "; only a"
                            + " stopped or lost job can be resumed");
        }
        try (SshSession ssh = sessions.open(job.host())) {
            PlanLauncher launcher = launcher(job.spec().plan());
            if (launcher.running(ssh, job)) {
                throw new IllegalStateException(
                        "job "
                                + id
                                + " still has processes on "
                                + job.host()
                                + " (a stop may still be finishing its step); try again in a"
                                + " moment");
            }
            boolean fromCheckpoint = ssh.size(RemoteLayout.checkpoints(id) + "/latest").isPresent();
            long pid = launcher.start(ssh, job, fromCheckpoint);
            return jobs.setState(id, new JobState.Running(pid));
        }
    }

    /** Copies the job's newest complete checkpoint into {@code outDir} (a run folder). */
    public Checkpoint fetch(JobId id, Path outDir, TransferListener progress) throws IOException {
        return fetch(id, outDir, progress, note -> {});
    }

    /**
     * The same; when the job's host cannot be reached, the newest checkpoint kept on this machine
     * is copied instead, and {@code notes} is told so.
     */
    public Checkpoint fetch(
            JobId id, Path outDir, TransferListener progress, Consumer<String> notes)
            throws IOException {
        JobRecord job = jobs.require(id);
        // a run folder a local run trains is left alone (RunLaunchException.InUse), as resume does
        try (RunLock lock = RunLock.acquire(outDir)) {
            return fetchLocked(job, outDir, progress, notes);
        }
    }

    private Checkpoint fetchLocked(
            JobRecord job, Path outDir, TransferListener progress, Consumer<String> notes)
            throws IOException {
        JobId id = job.id();
        SshSession ssh;
        try {
            ssh = sessions.open(job.host());
        } catch (SshException.ConnectFailed | SshException.ConnectionLost e) {
            Optional<Checkpoint> local = kept.copyTo(id, outDir);
            if (local.isEmpty()) {
                throw e;
            }
            notes.accept(
                    job.host()
                            + " cannot be reached ("
                            + e.getMessage()
                            + "); copied the"
                            + " checkpoint at step "
                            + local.get().step()
                            + " that this machine kept of job "
                            + id
                            + " (the job may have saved newer ones on "
                            + job.host()
                            + ")");
            return local.get();
        }
        try (ssh) {
            return CheckpointFetcher.fetch(ssh, id, outDir, progress);
        }
    }

    /** A config the engine would refuse is refused here, before anything is sent or started. */
    private static void requireValidConfig(String yaml) {
        try {
            RunConfigYaml.standard().readValidated(yaml, "the job's config", Path.of(""));
        } catch (ConfigException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    private static void requireJava(SshSession ssh) {
        ExecResult java = ssh.exec(List.of("sh", "-c", "command -v java"));
        if (!java.succeeded()) {
            throw new SshException(
                    "there is no `java` on the PATH of "
                            + ssh.label()
                            + " for non-interactive logins; install Java 17 there (e.g. `apt-get"
                            + " install openjdk-17-jre-headless`); `asrwb host test` shows what it"
                            + " finds");
        }
    }
}
