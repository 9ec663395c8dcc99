package io.asrwb.app.tasks;

import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Where a task's outcome and progress go; the FX runner calls all of these on the FX thread, so
 * view models may update their properties directly.
 *
 * @param onSuccess   the result
 * @param onFailure   the exception the work threw
 * @param onCancelled called once when cancelled
 * @param onProgress  fraction done in [0, 1] (or -1 when unknown) and a message
 */
public record TaskCallbacks<T>(
        Consumer<T> onSuccess,
        Consumer<Throwable> onFailure,
        Runnable onCancelled,
        BiConsumer<Double, String> onProgress) {

    public static <T> TaskCallbacks<T> of(Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
        return new TaskCallbacks<>(onSuccess, onFailure, () -> {}, (p, m) -> {});
    }

    public TaskCallbacks<T> whenCancelled(Runnable r) {
        return new TaskCallbacks<>(onSuccess, onFailure, r, onProgress);
    }

    public TaskCallbacks<T> withProgress(BiConsumer<Double, String> p) {
        return new TaskCallbacks<>(onSuccess, onFailure, onCancelled, p);
    }
}
