package io.asrwb.remote.ssh;

/**
 * Receives a remote command's output one line at a time (UTF-8, without the line end), on a reader
 * thread of its own: one thread for stdout, another for stderr.
 */
@FunctionalInterface
public interface LineListener {

    void line(String line);

    static LineListener ignore() {
        return line -> {};
    }
}
