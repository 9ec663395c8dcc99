package io.asrwb.remote.jobs;

import io.asrwb.engine.checkpoint.Checkpoint;
import io.asrwb.remote.jobs.bundle.BackendChoice;
import io.asrwb.remote.jobs.bundle.BundleProgress;
import io.asrwb.remote.jobs.checkpoints.KeptCheckpoints;
import io.asrwb.remote.jobs.core.JobRecord;
import io.asrwb.remote.jobs.core.JobRepository;
import io.asrwb.remote.jobs.core.JobState;
import io.asrwb.remote.jobs.core.LaunchPlan;
import io.asrwb.remote.jobs.follow.EventSink;
import io.asrwb.remote.jobs.follow.HostFailover;
import io.asrwb.remote.jobs.launch.HostLaunch;
import io.asrwb.remote.ssh.SshException;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * The plan's next host takes over a job whose host cannot be reached (while restarts are left):
 * the run goes on there from the newest checkpoint kept on this machine (copied while it was
 * followed), or starts over when none had reached this machine.
 */
final class HostMove implements HostFailover {

    private final JobRepository jobs;
    private final KeptCheckpoints kept;
    private final HostLaunch hostLaunch;

    HostMove(JobRepository jobs, KeptCheckpoints kept, HostLaunch hostLaunch) {
        this.jobs = jobs;
        this.kept = kept;
        this.hostLaunch = hostLaunch;
    }

    @Override
    public Optional<JobRecord> moveOn(JobRecord job, EventSink sink) {
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
                    hostLaunch.launchOn(
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
            sink.note(movedNote(job, next, carried, moved));
            return Optional.of(moved);
        } catch (IOException | RuntimeException e) {
            jobs.setState(
                    job.id(),
                    new JobState.Lost("moving to " + next + " failed: " + e.getMessage()));
            throw new SshException(
                    "cannot move job " + job.id() + " to " + next + ": " + e.getMessage(), e);
        }
    }

    private static String movedNote(
            JobRecord job, String next, Optional<Checkpoint> carried, JobRecord moved) {
        String restart = ", restart " + moved.restarts() + " of " + job.spec().maxRestarts();
        return carried.map(
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
                                + restart);
    }
}
