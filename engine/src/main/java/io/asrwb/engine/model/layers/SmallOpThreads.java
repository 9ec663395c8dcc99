package io.asrwb.engine.model.layers;

import org.nd4j.linalg.factory.Environment;
import org.nd4j.linalg.factory.Nd4j;

/**
 * Runs libnd4j's own (non-BLAS) ops on one thread for the duration of a scope, for loops of many
 * tiny ops such as an LSTM's per-step gate arithmetic.
 *
 * <p>Why: each libnd4j op on a few thousand elements opens a parallel region; on a busy 2-core
 * machine a region waits for a descheduled worker, and a step of [2, 8, 256] gate arithmetic
 * measured ~30 ms with 2 threads against ~1 ms with one (TrainStepProbe, LoopCost in the
 * decision record). The setting is process-wide in libnd4j, so scopes are reference-counted: the
 * first opened sets one thread, the last closed restores the previous limits.
 */
public final class SmallOpThreads implements AutoCloseable {

    private static final Object LOCK = new Object();
    private static int open;
    private static int savedMaxThreads;
    private static int savedMasterThreads;

    private SmallOpThreads() {}

    /** Opens a scope; close it (try-with-resources) when the small ops are done. */
    public static SmallOpThreads open() {
        synchronized (LOCK) {
            if (open++ == 0) {
                Environment env = Nd4j.getEnvironment();
                savedMaxThreads = env.maxThreads();
                savedMasterThreads = env.maxMasterThreads();
                env.setMaxThreads(1);
                env.setMaxMasterThreads(1);
            }
        }
        return new SmallOpThreads();
    }

    @Override
    public void close() {
        synchronized (LOCK) {
            if (--open == 0) {
                Environment env = Nd4j.getEnvironment();
                env.setMaxThreads(savedMaxThreads);
                env.setMaxMasterThreads(savedMasterThreads);
            }
        }
    }
}
