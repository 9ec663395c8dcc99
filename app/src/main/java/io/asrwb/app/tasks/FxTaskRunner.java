package io.asrwb.app.tasks;

import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javafx.concurrent.Task;

/** Runs work as a JavaFX {@link Task} on a daemon pool; callbacks arrive on the FX thread. */
public final class FxTaskRunner implements TaskRunner, AutoCloseable {

    private final ExecutorService pool =
            Executors.newCachedThreadPool(
                    r -> {
                        Thread t = new Thread(r, "asrwb-task");
                        t.setDaemon(true);
                        return t;
                    });

    @Override
    public <T> RunningTask<T> run(
            String title, BackgroundWork<T> work, TaskCallbacks<T> callbacks) {
        FxTask<T> task = new FxTask<>(title, work);
        task.setOnSucceeded(e -> callbacks.onSuccess().accept(task.getValue()));
        task.setOnCancelled(e -> callbacks.onCancelled().run());
        // Task coalesces progress updates onto the FX thread: at most one pulse's worth reaches us.
        task.progressProperty()
                .addListener(
                        (o, a, b) ->
                                callbacks.onProgress().accept(b.doubleValue(), task.getMessage()));
        task.setOnFailed(
                e -> {
                    if (task.getException() instanceof CancellationException) {
                        callbacks.onCancelled().run();
                    } else {
                        callbacks.onFailure().accept(task.getException());
                    }
                });
        pool.execute(task);
        return task;
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }

    private static final class FxTask<T> extends Task<T> implements RunningTask<T>, TaskContext {
        private final BackgroundWork<T> work;

        FxTask(String title, BackgroundWork<T> work) {
            this.work = work;
            updateTitle(title);
        }

        @Override
        protected T call() throws Exception {
            return work.call(this);
        }

        @Override
        public void progress(long done, long total, String msg) {
            updateProgress(done, total);
            updateMessage(msg);
        }

        @Override
        public double progress() {
            return getProgress();
        }

        @Override
        public String message() {
            return getMessage();
        }

        @Override
        public void requestCancel() {
            cancel(true);
        }
    }
}
