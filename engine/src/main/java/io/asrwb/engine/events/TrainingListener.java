package io.asrwb.engine.events;

/**
 * Receives a run's {@link TrainingEvent}s on the training thread, in order. Keep it quick: a slow
 * listener slows training (the UI batches events to its own thread).
 */
@FunctionalInterface
public interface TrainingListener {

    void on(TrainingEvent event);
}
