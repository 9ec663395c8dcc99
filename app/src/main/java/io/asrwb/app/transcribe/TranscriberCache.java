package io.asrwb.app.transcribe;

import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.inference.Transcriber;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The transcriber of the chosen checkpoint, loaded once and kept while it stays chosen: a slider
 * move or the next recording costs no model load. Called from task threads, hence the lock.
 */
final class TranscriberCache {

    private final Object lock = new Object();
    private Loaded loaded; // guarded by lock
    private int loads; // guarded by lock

    /** The transcriber of {@code checkpoint}, loaded on first use. */
    Transcriber of(Path checkpoint) throws IOException {
        synchronized (lock) {
            if (loaded == null || !loaded.checkpoint().equals(checkpoint)) {
                loaded = new Loaded(checkpoint, Transcriber.greedy(TrainedModel.load(checkpoint)));
                loads++;
            }
            return loaded.transcriber();
        }
    }

    /** How many times a model was read from disk (a test's view of what a push cost). */
    int loads() {
        synchronized (lock) {
            return loads;
        }
    }

    /** How many times the loaded model has run on audio (a test's view of a slider move's cost). */
    long forwardPasses() {
        synchronized (lock) {
            return loaded == null ? 0 : loaded.transcriber().forwardPasses();
        }
    }

    private record Loaded(Path checkpoint, Transcriber transcriber) {}
}
