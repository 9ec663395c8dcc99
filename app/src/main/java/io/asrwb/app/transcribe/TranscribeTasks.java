package io.asrwb.app.transcribe;

import io.asrwb.app.tasks.BackgroundWork;
import io.asrwb.app.tasks.TaskCallbacks;
import io.asrwb.app.tasks.TaskContext;
import io.asrwb.app.tasks.TaskRunner;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The Transcribe tab's long work (loading a model, a forward pass, decoding, a long file) goes
 * through the app's {@link TaskRunner}, one piece at a time. Cancel is cooperative: the work sees
 * it between two forward passes and ends through the runner's cancelled callback. The task
 * handle's own cancel is not used: the FX runner would report "cancelled" at once while the pass
 * in hand still runs on the model, and the next transcription could start beside it.
 */
final class TranscribeTasks {

    private final TaskRunner tasks;
    private final AtomicBoolean cancelRequested = new AtomicBoolean();

    TranscribeTasks(TaskRunner tasks) {
        this.tasks = tasks;
    }

    /** Starts {@code work}; a cancel asked for earlier no longer applies. */
    <T> void run(String title, BackgroundWork<T> work, TaskCallbacks<T> callbacks) {
        cancelRequested.set(false);
        tasks.run(title, work, callbacks);
    }

    /** For the work itself: true once the user asked to cancel. */
    boolean cancelled(TaskContext task) {
        return cancelRequested.get() || task.isCancelled();
    }

    /** Asks the work in hand to stop before its next forward pass. */
    void cancel() {
        cancelRequested.set(true);
    }
}
