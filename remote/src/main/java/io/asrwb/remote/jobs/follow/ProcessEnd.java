package io.asrwb.remote.jobs.follow;

import io.asrwb.remote.jobs.core.JobId;
import io.asrwb.remote.jobs.core.RemoteLayout;
import io.asrwb.remote.ssh.SshSession;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * How a job's process ended, from its folder on the host: {@code exit.status} (written by run.sh)
 * and the end of {@code job.log}.
 *
 * @param status the engine's exit status, or null when run.sh could not write one (the whole
 *     process group was killed, or the box went down)
 * @param logTail the last lines of job.log, for the user
 */
record ProcessEnd(Integer status, String logTail) {

    private static final int TAIL_BYTES = 2048;
    private static final int TAIL_LINES = 6;

    /**
     * Whether something outside killed it (a signal: 128 + n, or no status at all): preemption, the
     * OOM killer, a reboot. Only such a run is resumed; one that exited by itself with an error
     * (config, data, a bug) would fail the same way again.
     */
    boolean killed() {
        return status == null || status >= 128;
    }

    String describe() {
        return status == null ? "killed, no exit status" : "exit status " + status;
    }

    static ProcessEnd read(SshSession ssh, JobId id) {
        String dir = RemoteLayout.job(id);
        Integer status = null;
        if (ssh.size(dir + "/exit.status").isPresent()) {
            String text = text(ssh, dir + "/exit.status", 0, 32).strip();
            status = text.matches("\\d{1,3}") ? Integer.valueOf(text) : null;
        }
        String tail = "";
        long size = ssh.size(dir + "/job.log").orElse(0L);
        if (size > 0) {
            List<String> lines =
                    text(ssh, dir + "/job.log", Math.max(0, size - TAIL_BYTES), TAIL_BYTES)
                            .lines()
                            .toList();
            tail =
                    String.join(
                            "\n",
                            lines.subList(Math.max(0, lines.size() - TAIL_LINES), lines.size()));
        }
        return new ProcessEnd(status, tail);
    }

    private static String text(SshSession ssh, String path, long offset, int max) {
        return new String(ssh.readFrom(path, offset, max).bytes(), StandardCharsets.UTF_8);
    }
}
