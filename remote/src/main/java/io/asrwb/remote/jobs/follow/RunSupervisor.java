package io.asrwb.remote.jobs.follow;

import io.asrwb.remote.jobs.core.JobId;
import io.asrwb.remote.jobs.core.JobRecord;
import io.asrwb.remote.jobs.core.JobRepository;
import io.asrwb.remote.jobs.core.JobState;
import io.asrwb.remote.jobs.core.LaunchPlan;
import io.asrwb.remote.jobs.core.RemoteLayout;
import io.asrwb.remote.jobs.launch.PlanLauncher;
import io.asrwb.remote.ssh.SshSession;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;

/**
 * Supervises a followed job's process for the {@link JobFollower}: one that died without an end
 * event, or hung, is started again (from its newest checkpoint) while restarts are left; one that
 * exited by itself with an error fails the job. Keeps the hang clock: when the run last showed
 * that it trains.
 */
final class RunSupervisor {

    /** Delivers the lines a run wrote last, before its process is judged. */
    @FunctionalInterface
    interface LastLines {
        LineDelivery.Delivery deliver(SshSession ssh, JobRecord job, EventSink sink);
    }

    private final JobRepository jobs;
    private final Function<LaunchPlan, PlanLauncher> launchers;
    private final FollowOptions options;

    /**
     * When the last event line other than a heartbeat arrived or the process was (re)started; one
     * follow at a time.
     */
    private long lastSignOfLife;

    RunSupervisor(
            JobRepository jobs,
            Function<LaunchPlan, PlanLauncher> launchers,
            FollowOptions options) {
        this.jobs = jobs;
        this.launchers = launchers;
        this.options = options;
    }

    /** A follow begins: how long the run was silent before it is unknown. */
    void start() {
        lastSignOfLife = System.nanoTime();
    }

    /** An event line other than a heartbeat arrived. */
    void signOfLife() {
        lastSignOfLife = System.nanoTime();
    }

    /**
     * When the process is gone without an end event, or hung (alive but silent for longer than the
     * hang timeout; then it is killed first): restarts it (from its newest checkpoint if it has
     * one) while restarts are left, else records it as lost.
     */
    Optional<JobState> check(SshSession ssh, JobId id, EventSink sink, LastLines lastLines) {
        JobRecord job = jobs.require(id);
        PlanLauncher launcher = launchers.apply(job.spec().plan());
        String hang = "";
        if (launcher.running(ssh, job)) {
            Duration silence = Duration.ofNanos(System.nanoTime() - lastSignOfLife);
            if (!options.hung(silence)) {
                return Optional.empty();
            }
            // a hung process finishes no step and writes no checkpoint: no grace, KILL at once
            hang =
                    "hung: no event line (heartbeats aside) for "
                            + silence.toSeconds()
                            + " s, more"
                            + " than the hang timeout of "
                            + options.hangTimeout().toSeconds()
                            + " s; killed it";
            sink.note("the run on " + job.host() + " is " + hang);
            launcher.stop(ssh, job, Duration.ZERO);
        }
        // its last lines may have landed after the read above: deliver them before judging
        Optional<JobState> end = lastLines.deliver(ssh, jobs.require(id), sink).end();
        if (end.isPresent()) {
            return end;
        }
        job = jobs.require(id);
        if (job.state().ended()) {
            return Optional.of(job.state());
        }
        ProcessEnd exit = ProcessEnd.read(ssh, job.id());
        String how = hang.isEmpty() ? exit.describe() : hang;
        if (hang.isEmpty() && !exit.killed()) {
            // the engine exited by itself with an error: running it again would fail the same way
            JobState failed =
                    new JobState.Failed(
                            "the run on "
                                    + job.host()
                                    + " ended with "
                                    + exit.describe()
                                    + ":\n"
                                    + exit.logTail());
            jobs.setState(id, failed);
            return Optional.of(failed);
        }
        if (job.restarts() >= job.spec().maxRestarts()) {
            JobState lost =
                    new JobState.Lost(
                            "the run on "
                                    + job.host()
                                    + " ended without finishing ("
                                    + how
                                    + ") and its "
                                    + job.spec().maxRestarts()
                                    + " automatic restart(s)"
                                    + " are used up; the end of its log:\n"
                                    + exit.logTail());
            jobs.setState(id, lost);
            return Optional.of(lost);
        }
        boolean fromCheckpoint = ssh.size(RemoteLayout.checkpoints(id) + "/latest").isPresent();
        job = jobs.countRestart(id);
        long pid = launcher.start(ssh, job, fromCheckpoint);
        jobs.setState(id, new JobState.Running(pid));
        lastSignOfLife = System.nanoTime(); // the new process gets the whole timeout
        sink.note(
                "the run on "
                        + job.host()
                        + " ended without finishing ("
                        + how
                        + "); started it"
                        + " again "
                        + (fromCheckpoint
                                ? "from its newest checkpoint"
                                : "from the beginning (it had" + " no checkpoint yet)")
                        + ", restart "
                        + job.restarts()
                        + " of "
                        + job.spec().maxRestarts());
        return Optional.empty();
    }
}
