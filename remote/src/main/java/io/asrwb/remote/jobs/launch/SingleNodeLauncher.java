package io.asrwb.remote.jobs.launch;

import io.asrwb.remote.jobs.core.JobRecord;
import io.asrwb.remote.jobs.core.LaunchPlan;
import io.asrwb.remote.jobs.core.RemoteLayout;
import io.asrwb.remote.ssh.ExecResult;
import io.asrwb.remote.ssh.SshException;
import io.asrwb.remote.ssh.SshSession;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link LaunchPlan.SingleNode}: {@code run.sh} in the job folder, started in a session of its own
 * ({@code setsid nohup … &}, input and output away from the SSH channel) so it outlives the
 * connection. Its pid, written to {@code job.pid} by the script itself, is the process group that
 * is signalled to stop it. Every command passes names as arguments of {@code sh -c}, never inside
 * the script text.
 */
public final class SingleNodeLauncher implements PlanLauncher {

    /**
     * Whether a process of group $1 is alive, from /proc: a zombie that nobody reaps (PID 1 of a
     * container may not) must not count. The fields after the last ") " are state, ppid, pgrp.
     */
    private static final String GROUP_ALIVE =
            "cat /proc/[0-9]*/stat 2>/dev/null"
                    + " | sed 's/.*) //' | awk -v g=\"$1\" '$3 == g && $1 != \"Z\" { found = 1 }"
                    + " END { exit !found }'";

    @Override
    public long start(SshSession ssh, JobRecord job, boolean resume) {
        List<String> argv =
                new ArrayList<>(
                        List.of(
                                "sh",
                                "-c",
                                "cd \"$1\" && shift && rm -f job.pid && { setsid nohup sh run.sh"
                                    + " \"$@\" >>job.log 2>&1 </dev/null & } && i=0 && while [ ! -s"
                                    + " job.pid ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i+1));"
                                    + " done && cat job.pid",
                                "sh",
                                RemoteLayout.job(job.id())));
        if (resume) {
            // the name lets a host that took the job over (failover) import the dataset first
            argv.addAll(List.of("resume", job.spec().dataset()));
        } else {
            argv.addAll(List.of("train", job.spec().dataset()));
        }
        ExecResult r = ssh.exec(argv);
        String pid = r.stdout().strip();
        if (!r.succeeded() || !pid.matches("\\d+")) {
            throw new SshException(
                    "cannot start job "
                            + job.id()
                            + " on "
                            + ssh.label()
                            + " (exit "
                            + r.exitStatus()
                            + "): "
                            + (r.stderr() + r.stdout()).strip()
                            + "; is setsid installed"
                            + " there (util-linux)?");
        }
        return Long.parseLong(pid);
    }

    @Override
    public boolean running(SshSession ssh, JobRecord job) {
        ExecResult r =
                ssh.exec(
                        List.of(
                                "sh",
                                "-c",
                                "pid=$(cat \"$1/job.pid\" 2>/dev/null) || exit 1; set -- \"$pid\"; "
                                        + GROUP_ALIVE,
                                "sh",
                                RemoteLayout.job(job.id())));
        return r.succeeded();
    }

    @Override
    public void stop(SshSession ssh, JobRecord job, Duration grace) {
        long tenths = Math.max(1, grace.toMillis() / 100);
        ExecResult r =
                ssh.exec(
                        List.of(
                                "sh",
                                "-c",
                                "g=$(cat \"$1/job.pid\" 2>/dev/null) || exit 0; set -- \"$g\""
                                    + " \"$2\"; kill -TERM -\"$g\" 2>/dev/null; i=0; while [ $i -lt"
                                    + " \"$2\" ] && "
                                        + GROUP_ALIVE
                                        + ";"
                                        + " do sleep 0.1; i=$((i+1)); done;"
                                        + " kill -KILL -\"$g\" 2>/dev/null; exit 0",
                                "sh",
                                RemoteLayout.job(job.id()),
                                Long.toString(tenths)));
        if (!r.succeeded()) {
            throw new SshException(
                    "cannot stop job "
                            + job.id()
                            + " on "
                            + ssh.label()
                            + ": "
                            + r.stderr().strip());
        }
    }
}
