package io.asrwb.app.transcribe;

import java.util.concurrent.Executor;
import java.util.concurrent.Executors;

/** The app's background thread for model loading and partial transcriptions. */
final class ModelWarmer {

    private ModelWarmer() {}

    /** One daemon thread: its tasks run in order and it never keeps the app alive. */
    static Executor thread() {
        return Executors.newSingleThreadExecutor(
                r -> {
                    Thread t = new Thread(r, "asrwb-transcribe-model");
                    t.setDaemon(true);
                    return t;
                });
    }
}
