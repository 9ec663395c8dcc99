package io.asrwb.app.tasks;

/**
 * Runs long work off the FX thread. The app uses {@link FxTaskRunner}; tests of view models use
 * {@link CurrentThreadTaskRunner}, so they exercise the same code paths without a toolkit.
 */
public interface TaskRunner {

    /** Starts {@code work}; returns a handle for progress and cancel. */
    <T> RunningTask<T> run(String title, BackgroundWork<T> work, TaskCallbacks<T> callbacks);
}
