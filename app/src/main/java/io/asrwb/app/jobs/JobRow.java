package io.asrwb.app.jobs;

import io.asrwb.remote.jobs.core.JobId;
import io.asrwb.remote.jobs.core.JobRecord;
import io.asrwb.remote.jobs.core.JobState;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/**
 * A job as the jobs table shows it.
 *
 * @param step the last step the app has seen, -1 when none
 */
public record JobRow(JobRecord job, long step) {

    private static final DateTimeFormatter STARTED =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneId.systemDefault());

    public JobId id() {
        return job.id();
    }

    /** The plan's hosts, the one it runs on first. */
    public String hosts() {
        return String.join(", ", job.spec().plan().hosts());
    }

    public String mode() {
        return job.spec().plan().mode();
    }

    /** The backend its host was given, or what was asked for (with "?") before the bundle went. */
    public String backend() {
        return job.backendLabel();
    }

    /** The state word, with the reason for an ended job and the restarts so far. */
    public String state() {
        JobState s = job.state();
        String why =
                s instanceof JobState.Finished f
                        ? " (" + f.reason() + ")"
                        : s instanceof JobState.Failed f
                                ? ": " + f.message()
                                : s instanceof JobState.Lost l ? ": " + l.message() : "";
        return s.word() + why + (job.restarts() > 0 ? " · restarted " + job.restarts() + "×" : "");
    }

    public String stepText() {
        return step < 0 ? "–" : Long.toString(step);
    }

    public String started() {
        return STARTED.format(job.createdAt());
    }

    /** Syncing or running: the job may still change by itself. */
    public boolean live() {
        return !job.state().ended();
    }

    /** Stopped or lost: it can be started again from its newest checkpoint. */
    public boolean resumable() {
        return job.state() instanceof JobState.Stopped || job.state() instanceof JobState.Lost;
    }
}
