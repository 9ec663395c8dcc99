package io.asrwb.remote.jobs.launch;

import io.asrwb.remote.jobs.bundle.BundleProgress;
import io.asrwb.remote.jobs.bundle.JobBundle;
import io.asrwb.remote.jobs.core.JobRecord;
import io.asrwb.remote.jobs.core.LaunchPlan;
import io.asrwb.remote.jobs.core.RemoteLayout;
import io.asrwb.remote.ssh.SshSession;
import java.time.Duration;

/**
 * Starts, watches and stops the processes of one kind of {@link LaunchPlan}, once the job's bundle
 * is on the host ({@link JobBundle}). Every process writes the engine's {@code events.jsonl} and
 * checkpoints under {@link RemoteLayout#run}, so streaming, fetching and resuming stay the same
 * for every plan.
 */
public interface PlanLauncher {

    /**
     * Starts the job detached (it outlives the SSH connection).
     *
     * @param resume false for a new run, true to continue from its newest complete checkpoint
     * @return the process (group) id on the host
     */
    long start(SshSession ssh, JobRecord job, boolean resume);

    /** Whether any of the job's processes still runs on the host. */
    boolean running(SshSession ssh, JobRecord job);

    /** Sends TERM to the job's processes, then KILL to what is left after {@code grace}. */
    void stop(SshSession ssh, JobRecord job, Duration grace);

    /**
     * Puts on the plan's other hosts what they need, once the bundle is on the first host ({@code
     * ssh}); before the first {@link #start}. Nothing for a plan of one process.
     */
    default void prepare(SshSession ssh, JobRecord job, BundleProgress progress) {}

    /**
     * Ends what the job left running around its (ended) run, e.g. a cluster it started. Nothing
     * for a plan of one process.
     */
    default void release(SshSession ssh, JobRecord job) {}
}
