package io.asrwb.app.tasks;

import java.util.function.Consumer;

/**
 * Where a task's outcome goes; the FX runner calls these on the FX thread.
 *
 * @param onSuccess   the result
 * @param onFailure   the exception the work threw
 * @param onCancelled called once when cancelled
 */
public record TaskCallbacks<T>(Consumer<T> onSuccess, Consumer<Throwable> onFailure, Runnable onCancelled) {

  public static <T> TaskCallbacks<T> of(Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
    return new TaskCallbacks<>(onSuccess, onFailure, () -> {});
  }
}
