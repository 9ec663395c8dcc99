package io.asrwb.app.tasks;

import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * What a view model does when its {@link TaskState}'s task ends (busy falls after each).
 *
 * @param succeeded the result: show it, status line included
 * @param failed the status line for a failure
 * @param cancelled what a cancel leaves, as the status line (after whatever else it does)
 * @param messages whether the work's progress messages show in the status line while it runs
 */
public record TaskHandlers<T>(
        Consumer<T> succeeded,
        Function<Throwable, String> failed,
        Supplier<String> cancelled,
        boolean messages) {

    /** On a failure "{@code what} failed: " and the reason; on a cancel "Cancelled". */
    public static <T> TaskHandlers<T> of(Consumer<T> succeeded, String what) {
        return new TaskHandlers<>(
                succeeded, e -> what + " failed: " + e.getMessage(), () -> "Cancelled", false);
    }

    public TaskHandlers<T> whenCancelled(Supplier<String> c) {
        return new TaskHandlers<>(succeeded, failed, Objects.requireNonNull(c), messages);
    }

    /** The work's progress messages shown in the status line as they come. */
    public TaskHandlers<T> withMessages() {
        return new TaskHandlers<>(succeeded, failed, cancelled, true);
    }
}
