package io.asrwb.app.tasks;

/** A piece of long work; reports progress and checks for cancellation through {@link TaskContext}. */
@FunctionalInterface
public interface BackgroundWork<T> {
    T call(TaskContext context) throws Exception;
}
