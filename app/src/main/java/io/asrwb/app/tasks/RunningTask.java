package io.asrwb.app.tasks;

/** A started task as its caller sees it. */
public interface RunningTask<T> {

    /** Fraction done in [0, 1], or -1 when unknown. */
    double progress();

    String message();

    void requestCancel();

    boolean isDone();
}
