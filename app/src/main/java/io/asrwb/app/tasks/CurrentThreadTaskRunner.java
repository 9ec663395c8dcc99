package io.asrwb.app.tasks;

import java.util.concurrent.CancellationException;

/** Runs work synchronously on the caller's thread: for view-model tests and headless use. */
public final class CurrentThreadTaskRunner implements TaskRunner {

    @Override
    public <T> RunningTask<T> run(
            String title, BackgroundWork<T> work, TaskCallbacks<T> callbacks) {
        SimpleRunningTask<T> task = new SimpleRunningTask<>(callbacks);
        try {
            T result = work.call(task);
            task.finish();
            if (task.isCancelled()) {
                callbacks.onCancelled().run();
            } else {
                callbacks.onSuccess().accept(result);
            }
        } catch (CancellationException e) {
            task.finish();
            callbacks.onCancelled().run();
        } catch (Exception e) {
            task.finish();
            callbacks.onFailure().accept(e);
        }
        return task;
    }

    private static final class SimpleRunningTask<T> implements RunningTask<T>, TaskContext {
        private volatile double progress = -1;
        private volatile String message = "";
        private volatile boolean cancelled;
        private volatile boolean done;
        private final TaskCallbacks<T> callbacks;

        SimpleRunningTask(TaskCallbacks<T> callbacks) {
            this.callbacks = callbacks;
        }

        @Override
        public void progress(long doneUnits, long total, String msg) {
            progress = total > 0 ? (double) doneUnits / total : -1;
            message = msg;
            callbacks.onProgress().accept(progress, msg);
        }

        @Override
        public boolean isCancelled() {
            return cancelled;
        }

        @Override
        public double progress() {
            return progress;
        }

        @Override
        public String message() {
            return message;
        }

        @Override
        public void requestCancel() {
            cancelled = true;
        }

        @Override
        public boolean isDone() {
            return done;
        }

        void finish() {
            done = true;
        }
    }
}
