package io.asrwb.app.tasks;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * A view model's long task as its view shows it: busy while it runs, its progress (-1 until the
 * work first reports), a status line, and cancel. When the task ends its {@link TaskHandlers} run
 * first and busy falls last, so whoever waits for busy to fall finds the outcome already shown.
 */
public final class TaskState {

    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper();
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private RunningTask<?> running;

    /**
     * Runs {@code work} on {@code runner} with {@code startStatus} in the status line meanwhile.
     *
     * @param title names the task (the FX runner's title)
     */
    public <T> void run(
            TaskRunner runner,
            String title,
            String startStatus,
            BackgroundWork<T> work,
            TaskHandlers<T> handlers) {
        busy.set(true);
        progress.set(-1);
        status.set(startStatus);
        running =
                runner.run(
                        title,
                        work,
                        new TaskCallbacks<T>(
                                result -> {
                                    handlers.succeeded().accept(result);
                                    busy.set(false);
                                },
                                failure -> end(handlers.failed().apply(failure)),
                                () -> end(handlers.cancelled().get()),
                                (fraction, message) -> {
                                    progress.set(fraction);
                                    if (handlers.messages()
                                            && message != null
                                            && !message.isBlank()) {
                                        status.set(message);
                                    }
                                }));
    }

    /** Asks the running task to stop at its next check; nothing when none runs. */
    public void cancel() {
        if (running != null) {
            running.requestCancel();
        }
    }

    /** Puts {@code line} in the status line: an outcome, or why a task cannot start. */
    public void setStatus(String line) {
        status.set(line);
    }

    public boolean isBusy() {
        return busy.get();
    }

    private void end(String line) {
        status.set(line);
        busy.set(false);
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /** Fraction done in [0, 1], or -1 while unknown. */
    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }
}
