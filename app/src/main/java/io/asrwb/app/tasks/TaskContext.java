package io.asrwb.app.tasks;

/** What a running piece of work can tell its runner, and ask it. */
public interface TaskContext {

    void progress(long done, long total, String message);

    boolean isCancelled();
}
