package io.asrwb.remote.ssh;

/**
 * A finished remote command.
 *
 * @param exitStatus the program's exit status, or -1 when the server sent none (killed by a signal)
 * @param stdout everything it wrote to standard output (UTF-8)
 * @param stderr everything it wrote to standard error (UTF-8)
 */
public record ExecResult(int exitStatus, String stdout, String stderr) {

    public boolean succeeded() {
        return exitStatus == 0;
    }
}
