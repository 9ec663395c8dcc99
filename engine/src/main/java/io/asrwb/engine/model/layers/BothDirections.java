package io.asrwb.engine.model.layers;

import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.IntFunction;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * Runs an LSTM layer's two directions side by side: the backward one on a helper thread, the
 * forward one on the caller's. Used by the float recurrences ({@link BiLstmFloatForward}, {@link
 * BiLstmFloatBackward}).
 *
 * <p>Why: the directions share nothing until their outputs are merged, and one direction's step
 * is too small for BLAS to spread over two cores, so running them side by side is what uses the
 * second core. Callers make and free every native buffer on their own thread: native memory taken
 * on the helper thread would come from a malloc arena of its own, which kept what it freed resident
 * (RSS 0.56 → 1.13 GB over a 3-hour file).
 */
final class BothDirections {

    /** Daemon threads, so an idle one never keeps the JVM alive. */
    private static final ExecutorService HELPER =
            Executors.newCachedThreadPool(
                    r -> {
                        Thread t = new Thread(r, "asrwb-bilstm-backward");
                        t.setDaemon(true);
                        return t;
                    });

    private BothDirections() {}

    /** One direction's pass over the sequence, holding native buffers of its own. */
    interface Pass {
        void run();

        /** Frees the pass's buffers. */
        void release();
    }

    /**
     * Makes each of {@code directions} passes here, runs them side by side, and frees them here,
     * failed or not.
     */
    static void run(int directions, IntFunction<Pass> make) {
        Pass[] each = new Pass[directions];
        try {
            Runnable[] work = new Runnable[directions];
            for (int d = 0; d < directions; d++) {
                each[d] = make.apply(d);
                work[d] = each[d]::run;
            }
            run(work);
        } finally {
            for (Pass pass : each) {
                if (pass != null) {
                    pass.release();
                }
            }
        }
    }

    /**
     * Runs {@code directions[0]} here and {@code directions[1]}, if there is one, on the helper;
     * returns when both are done, rethrowing the helper's failure.
     */
    static void run(Runnable... directions) {
        if (directions.length == 1) {
            directions[0].run();
            return;
        }
        runSideBySide(directions[0], directions[1]);
    }

    /**
     * Each direction's GEMMs on one BLAS thread, the core beside it busy with the other direction:
     * with BLAS's default two threads each small GEMM split itself over both cores already taken
     * (DS2-small's training step 2.16 → 1.59 s, docs/PERFORMANCE.md "The LSTM's loops in Java").
     */
    private static void runSideBySide(Runnable here, Runnable onHelper) {
        try (OneThreadScope ignored = new OneThreadScope()) {
            CompletableFuture<Void> other = CompletableFuture.runAsync(onHelper, HELPER);
            try {
                here.run();
            } finally {
                // the caller frees the buffers the helper writes: never before it is done
                awaitEnd(other);
            }
            try {
                other.join();
            } catch (CompletionException e) {
                if (e.getCause() instanceof RuntimeException r) {
                    throw r;
                }
                if (e.getCause() instanceof Error error) {
                    throw error;
                }
                throw e;
            }
        }
    }

    /** Waits for the helper's end, failed or not: its failure is the join's after it. */
    private static void awaitEnd(CompletableFuture<Void> other) {
        other.exceptionally(failure -> null).join();
    }

    /** A view of the array's native memory (no copy): the array must be c-ordered and own it all. */
    static FloatBuffer floats(INDArray a) {
        return a.data().asNio().order(ByteOrder.nativeOrder()).asFloatBuffer();
    }
}
