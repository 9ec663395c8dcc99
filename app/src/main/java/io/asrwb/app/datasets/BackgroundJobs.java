package io.asrwb.app.datasets;

import io.asrwb.app.tasks.BackgroundWork;
import io.asrwb.app.tasks.ProgressEta;
import io.asrwb.app.tasks.RunningTask;
import io.asrwb.app.tasks.TaskCallbacks;
import io.asrwb.app.tasks.TaskContext;
import io.asrwb.app.tasks.TaskRunner;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.StringProperty;

/**
 * The datasets view's long jobs (import, export, audio check), one at a time, with progress,
 * a status line with the time left, and cancel.
 */
final class BackgroundJobs {

    private final TaskRunner tasks;
    private final StringProperty status;
    private final BooleanProperty busy = new SimpleBooleanProperty(false);
    private final DoubleProperty progress = new SimpleDoubleProperty(0);
    private RunningTask<?> running;

    /** Also seen by work that runs on the caller's thread, before {@link #running} is assigned. */
    private final AtomicBoolean cancelRequested = new AtomicBoolean();

    BackgroundJobs(TaskRunner tasks, StringProperty status) {
        this.tasks = tasks;
        this.status = status;
    }

    BooleanProperty busyProperty() {
        return busy;
    }

    DoubleProperty progressProperty() {
        return progress;
    }

    /**
     * @param what          names the job in "X failed" and "X cancelled"
     * @param whenCancelled what a cancel leaves behind, e.g. "nothing was stored"
     */
    <T> void start(
            String title,
            String startMessage,
            String what,
            String whenCancelled,
            BackgroundWork<T> work,
            Consumer<T> onSuccess) {
        if (busy.get()) {
            status.set("Another task is running; wait for it or cancel it.");
            return;
        }
        busy.set(true);
        cancelRequested.set(false);
        progress.set(-1);
        status.set(startMessage);
        ProgressEta eta = ProgressEta.startingNow();
        running =
                tasks.run(
                        title,
                        work,
                        TaskCallbacks.<T>of(
                                        result -> {
                                            finish();
                                            onSuccess.accept(result);
                                        },
                                        error -> {
                                            finish();
                                            status.set(what + " failed: " + message(error));
                                        })
                                .whenCancelled(
                                        () -> {
                                            finish();
                                            status.set(what + " cancelled; " + whenCancelled + ".");
                                        })
                                .withProgress(
                                        (p, m) -> {
                                            progress.set(p);
                                            status.set(m + eta.suffix(p));
                                        }));
    }

    /** For the work itself: true once the user asked to cancel. */
    boolean cancelled(TaskContext task) {
        return task.isCancelled() || cancelRequested.get();
    }

    void cancel() {
        cancelRequested.set(true);
        if (running != null && !running.isDone()) {
            running.requestCancel();
        }
    }

    /** A failure in words: its message, or its kind when it has none. */
    static String message(Throwable t) {
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }

    private void finish() {
        busy.set(false);
        progress.set(0);
        running = null;
    }
}
