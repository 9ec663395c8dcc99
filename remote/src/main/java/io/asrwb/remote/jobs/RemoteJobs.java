package io.asrwb.remote.jobs;

import io.asrwb.engine.checkpoint.Checkpoint;
import io.asrwb.engine.store.Catalog;
import io.asrwb.remote.jobs.bundle.BundleProgress;
import io.asrwb.remote.jobs.bundle.RuntimeJars;
import io.asrwb.remote.jobs.checkpoints.JobFetch;
import io.asrwb.remote.jobs.checkpoints.KeptCheckpoints;
import io.asrwb.remote.jobs.core.JobId;
import io.asrwb.remote.jobs.core.JobRecord;
import io.asrwb.remote.jobs.core.JobRepository;
import io.asrwb.remote.jobs.core.JobSpec;
import io.asrwb.remote.jobs.core.JobState;
import io.asrwb.remote.jobs.core.LaunchPlan;
import io.asrwb.remote.jobs.core.RemoteLayout;
import io.asrwb.remote.jobs.core.SessionFactory;
import io.asrwb.remote.jobs.follow.Detach;
import io.asrwb.remote.jobs.follow.EventSink;
import io.asrwb.remote.jobs.follow.FollowOptions;
import io.asrwb.remote.jobs.follow.JobFollower;
import io.asrwb.remote.jobs.launch.HostLaunch;
import io.asrwb.remote.jobs.launch.Launchers;
import io.asrwb.remote.jobs.launch.PlanLauncher;
import io.asrwb.remote.spark.SparkRuntime;
import io.asrwb.remote.ssh.SshSession;
import io.asrwb.remote.ssh.TransferListener;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Remote jobs for the CLI and the app: submit (bundle, launch), attach (follow with reattach and
 * auto-resume), stop, fetch, list. Jobs are rows of the catalog; everything else lives on the host.
 * The stages live in packages of their own: {@code core} (what a job is, the catalog's rows),
 * {@code bundle}, {@code launch}, {@code follow}, {@code checkpoints}; this class puts them
 * together.
 */
public final class RemoteJobs {

    private final JobRepository jobs;
    private final SessionFactory sessions;
    private final Launchers launchers;
    private final HostLaunch hostLaunch;

    /** Copies of each job's newest checkpoints, for failover and for fetch without the host. */
    private final KeptCheckpoints kept;

    private final FollowOptions options;

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
        this.jobs = new JobRepository(catalog, clock);
        this.sessions = sessions;
        this.launchers = new Launchers(catalog, sessions, runtime, sparkRuntime);
        this.hostLaunch = new HostLaunch(catalog, jobs, sessions, launchers, stagingRoot, clock);
        this.kept = KeptCheckpoints.besideCatalog(catalog.location());
        this.options = options;
    }

    /** The launcher of any plan. */
    public PlanLauncher launcher(LaunchPlan plan) {
        return launchers.of(plan);
    }

    public JobRepository repository() {
        return jobs;
    }

    public List<JobRecord> list() {
        return jobs.list();
    }

    /** See {@link HostLaunch#submit}. */
    public JobRecord submit(JobSpec spec, BundleProgress progress) throws IOException {
        return hostLaunch.submit(spec, progress);
    }

    /**
     * Follows the job until it ends (see {@link JobFollower}), then ends what its plan left
     * running around the run (a Spark job's cluster).
     */
    public JobState attach(JobId id, EventSink sink) throws InterruptedException {
        return attach(id, sink, Detach.never());
    }

    /**
     * As {@link #attach(JobId, EventSink)}, returning the job's state (not ended) once {@code
     * detach} is requested, before the next line: the next attach goes on with it.
     */
    public JobState attach(JobId id, EventSink sink, Detach detach) throws InterruptedException {
        JobState end =
                new JobFollower(
                                jobs,
                                sessions,
                                launchers::of,
                                options,
                                new HostMove(jobs, kept, hostLaunch),
                                kept)
                        .follow(id, sink, detach);
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
        return new JobFetch(jobs, sessions, kept).fetch(id, outDir, progress, notes);
    }
}
