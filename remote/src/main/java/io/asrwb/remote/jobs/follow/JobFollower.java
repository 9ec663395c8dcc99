package io.asrwb.remote.jobs.follow;

import io.asrwb.remote.jobs.core.JobId;
import io.asrwb.remote.jobs.core.JobRecord;
import io.asrwb.remote.jobs.core.JobRepository;
import io.asrwb.remote.jobs.core.JobState;
import io.asrwb.remote.jobs.core.LaunchPlan;
import io.asrwb.remote.jobs.core.SessionFactory;
import io.asrwb.remote.jobs.launch.PlanLauncher;
import io.asrwb.remote.ssh.SshException;
import io.asrwb.remote.ssh.SshSession;
import java.util.Optional;
import java.util.function.Function;

/**
 * Follows a job to its end: streams {@code events.jsonl} from the saved byte offset (so a network
 * drop or a restart of the app neither loses nor repeats a line), reconnects after a drop, and
 * supervises the remote process: one that died without a {@code finished} or {@code failed} event
 * is started again from its newest complete checkpoint, up to the job's restart limit; a host that
 * stays unreachable is left for the next host of the plan when the {@link HostFailover} says so.
 * After each read that delivered a {@code checkpoint} line the {@link CheckpointMirror} copies the
 * checkpoint off the host, so a next host can go on from it.
 *
 * <p>The offset is saved right after each line is handed to the sink; only a crash between those
 * two steps could hand that one line over again. A {@link Detach} stops the follow before a line,
 * never between those two steps.
 */
public final class JobFollower {

    private final JobRepository jobs;
    private final LineDelivery lines;
    private final RunSupervisor supervisor;
    private final SessionFactory sessions;
    private final Function<LaunchPlan, PlanLauncher> launchers;
    private final FollowOptions options;
    private final HostFailover failover;
    private final CheckpointMirror mirror;

    /** A checkpoint was saved that the {@link CheckpointMirror} could not copy yet. */
    private boolean copyPending;

    /** The current follow's; one follow at a time. */
    private Detach detach = Detach.never();

    public JobFollower(
            JobRepository jobs,
            SessionFactory sessions,
            Function<LaunchPlan, PlanLauncher> launchers,
            FollowOptions options,
            HostFailover failover) {
        this(jobs, sessions, launchers, options, failover, CheckpointMirror.none());
    }

    public JobFollower(
            JobRepository jobs,
            SessionFactory sessions,
            Function<LaunchPlan, PlanLauncher> launchers,
            FollowOptions options,
            HostFailover failover,
            CheckpointMirror mirror) {
        this.jobs = jobs;
        this.lines = new LineDelivery(jobs);
        this.supervisor = new RunSupervisor(jobs, launchers, options);
        this.sessions = sessions;
        this.launchers = launchers;
        this.options = options;
        this.failover = failover;
        this.mirror = mirror;
    }

    /**
     * Delivers every line not yet delivered and returns once the job has ended.
     *
     * @throws SshException when the host stays unreachable for all reconnect attempts (the job may
     *     well go on there: follow it again later)
     * @throws InterruptedException when the calling thread is interrupted (the job goes on)
     */
    public JobState follow(JobId id, EventSink sink) throws InterruptedException {
        return follow(id, sink, Detach.never());
    }

    /**
     * As {@link #follow(JobId, EventSink)}, returning early (with the job's state, not ended) once
     * {@code detach} is requested: before the next line, or during a pause.
     */
    public JobState follow(JobId id, EventSink sink, Detach detach) throws InterruptedException {
        this.detach = detach;
        SshSession ssh = null;
        int failures = 0;
        boolean connected = false; // a session was just opened
        long lastStatusCheck = System.nanoTime();
        supervisor.start(); // how long it was silent before we came is unknown
        copyPending = false;
        try {
            while (true) {
                JobRecord job = jobs.require(id);
                if (detach.requested()) {
                    return job.state();
                }
                if (ssh == null) {
                    try {
                        ssh = sessions.open(job.host());
                        failures = 0;
                        connected = true;
                    } catch (SshException.ConnectFailed | SshException.ConnectionLost e) {
                        if (++failures >= options.reconnectAttempts()) {
                            if (failover.moveOn(job, sink).isPresent()) {
                                failures = 0;
                                continue;
                            }
                            throw new SshException(
                                    "gave up following job "
                                            + id
                                            + ": "
                                            + job.host()
                                            + " could not be reached "
                                            + failures
                                            + " times in a row ("
                                            + e.getMessage()
                                            + "); the job may go on there, `asrwb job attach "
                                            + id
                                            + "` again later",
                                    e);
                        }
                        sink.note(
                                "cannot reach "
                                        + job.host()
                                        + " ("
                                        + e.getMessage()
                                        + "); retrying in "
                                        + options.reconnectBackoff().toSeconds()
                                        + " s");
                        detach.pause(options.reconnectBackoff());
                        continue;
                    }
                }
                try {
                    if (connected && copyPending) { // a copy the lost connection had cut off
                        copyPending = !mirror.saved(ssh, job, sink);
                    }
                    connected = false;
                    LineDelivery.Delivery delivered = deliverNewLines(ssh, job, sink);
                    if (delivered.progress()) {
                        supervisor.signOfLife();
                    }
                    if (delivered.end().isPresent()) {
                        return delivered.end().get();
                    }
                    if (delivered.backlog() || delivered.detached()) {
                        continue; // attached late: read on without pausing between chunks
                    }
                    if (job.state().ended()
                            && !launchers.apply(job.spec().plan()).running(ssh, job)) {
                        // ended by someone else (a stop) or before this attach: only once its
                        // process is
                        // gone are its last lines (a stopped run's final step, "finished") all in
                        // the file
                        LineDelivery.Delivery last = deliverNewLines(ssh, jobs.require(id), sink);
                        if (last.backlog() || last.detached()) {
                            continue;
                        }
                        return last.end().orElseGet(() -> jobs.require(id).state());
                    }
                    if (System.nanoTime() - lastStatusCheck >= options.statusEvery().toNanos()) {
                        lastStatusCheck = System.nanoTime();
                        Optional<JobState> died =
                                supervisor.check(ssh, id, sink, this::deliverAllNewLines);
                        if (died.isPresent()) {
                            return died.get();
                        }
                    }
                } catch (SshException.ConnectionLost e) {
                    sink.note(
                            "connection to "
                                    + job.host()
                                    + " lost ("
                                    + e.getMessage()
                                    + "); reconnecting");
                    closeQuietly(ssh);
                    ssh = null;
                    continue;
                }
                detach.pause(options.poll());
            }
        } finally {
            closeQuietly(ssh);
        }
    }

    /**
     * Hands over the complete lines after the saved offset, saving the offset after each; then, when
     * one of them told of a saved checkpoint, has it copied off the host (once per read: a late
     * attach reading many at once copies only the newest).
     */
    private LineDelivery.Delivery deliverNewLines(SshSession ssh, JobRecord job, EventSink sink) {
        return deliverNewLines(ssh, job, sink, detach);
    }

    /** For the supervisor, which judges the process once its last lines are in: no detach. */
    private LineDelivery.Delivery deliverAllNewLines(
            SshSession ssh, JobRecord job, EventSink sink) {
        return deliverNewLines(ssh, job, sink, Detach.never());
    }

    private LineDelivery.Delivery deliverNewLines(
            SshSession ssh, JobRecord job, EventSink sink, Detach stopBefore) {
        LineDelivery.Delivery delivery = lines.deliver(ssh, job, sink, stopBefore);
        if (delivery.checkpointSaved()) {
            copyPending = true; // still so when the connection drops during the copy
            copyPending = !mirror.saved(ssh, jobs.require(job.id()), sink);
        }
        return delivery;
    }

    private static void closeQuietly(SshSession ssh) {
        if (ssh != null) {
            try {
                ssh.close();
            } catch (RuntimeException ignored) {
                // the connection is gone already
            }
        }
    }
}
