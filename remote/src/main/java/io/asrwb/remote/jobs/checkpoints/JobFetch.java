package io.asrwb.remote.jobs.checkpoints;

import io.asrwb.engine.checkpoint.Checkpoint;
import io.asrwb.engine.train.RunLock;
import io.asrwb.remote.jobs.core.JobId;
import io.asrwb.remote.jobs.core.JobRecord;
import io.asrwb.remote.jobs.core.JobRepository;
import io.asrwb.remote.jobs.core.SessionFactory;
import io.asrwb.remote.ssh.SshException;
import io.asrwb.remote.ssh.SshSession;
import io.asrwb.remote.ssh.TransferListener;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Copies a job's newest complete checkpoint into a local run folder: from its host ({@link
 * CheckpointFetcher}), or from the copies kept on this machine ({@link KeptCheckpoints}) when the
 * host cannot be reached.
 */
public final class JobFetch {

    private final JobRepository jobs;
    private final SessionFactory sessions;
    private final KeptCheckpoints kept;

    public JobFetch(JobRepository jobs, SessionFactory sessions, KeptCheckpoints kept) {
        this.jobs = jobs;
        this.sessions = sessions;
        this.kept = kept;
    }

    /**
     * When the job's host cannot be reached, the newest checkpoint kept on this machine is copied
     * instead, and {@code notes} is told so.
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
}
