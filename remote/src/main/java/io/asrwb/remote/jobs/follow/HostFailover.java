package io.asrwb.remote.jobs.follow;

import io.asrwb.remote.jobs.core.JobRecord;
import java.util.Optional;

/**
 * What to do when a job's host stays unreachable: move the job to another host of its plan, or
 * not. Called by the {@link JobFollower} after its reconnect attempts are used up.
 */
@FunctionalInterface
public interface HostFailover {

    /**
     * @return the job as moved and started elsewhere, or empty to give up following it
     */
    Optional<JobRecord> moveOn(JobRecord job, EventSink sink);

    static HostFailover none() {
        return (job, sink) -> Optional.empty();
    }
}
