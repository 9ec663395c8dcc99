package io.asrwb.remote.jobs.follow;

import io.asrwb.remote.jobs.core.JobRecord;
import io.asrwb.remote.ssh.SshSession;

/**
 * Told by the {@link JobFollower} when a delivered event line says the run saved a checkpoint, so
 * it can copy the checkpoint off the host (see the checkpoints package's {@code KeptCheckpoints}). It is called after the
 * line's offset is saved, so a failed copy is a note to the sink, never a lost or repeated line;
 * it throws only {@link io.asrwb.remote.ssh.SshException.ConnectionLost}, for the follower to
 * reconnect.
 */
@FunctionalInterface
public interface CheckpointMirror {

    /**
     * The run of {@code job} on {@code ssh}'s host saved a checkpoint.
     *
     * @return false when it could not be copied (the sink was told why): the follower asks again
     *     after its next reconnect, if no newer checkpoint comes first
     */
    boolean saved(SshSession ssh, JobRecord job, EventSink sink);

    static CheckpointMirror none() {
        return (ssh, job, sink) -> true;
    }
}
