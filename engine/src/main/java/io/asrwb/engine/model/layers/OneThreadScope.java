package io.asrwb.engine.model.layers;

import org.nd4j.linalg.factory.Nd4j;

/**
 * libnd4j's ops and BLAS on one thread for work whose pieces are too small to share: a streaming
 * chunk's few frames through the model (on a busy 2-core machine the parallel regions cost far
 * more than the arithmetic: bench streaming, load ~11, a 100 ms chunk took 105 ms with 2 threads,
 * 1.6 ms with one), and an LSTM's two directions running side by side ({@link BothDirections}),
 * where each direction's per-frame GEMM is best on a core of its own. The BLAS limit is process-wide,
 * so scopes are reference-counted like {@link SmallOpThreads}: two streaming sessions at once (the
 * app's push-to-talk beside a benchmark, two Transcribe tabs' models) must not have the first to
 * close put the threads back under the other, nor the last to close leave them at one.
 */
public final class OneThreadScope implements AutoCloseable {

    private static final Object LOCK = new Object();
    private static int open;
    private static int savedBlasThreads;

    private final SmallOpThreads ops;
    private boolean closed;

    public OneThreadScope() {
        enter();
        this.ops = SmallOpThreads.open();
    }

    private static void enter() {
        synchronized (LOCK) {
            if (open++ == 0) {
                savedBlasThreads = Nd4j.factory().blas().getMaxThreads();
                Nd4j.factory().blas().setMaxThreads(1);
            }
        }
    }

    @Override
    public void close() {
        synchronized (LOCK) {
            if (closed) {
                return;
            }
            closed = true;
            if (--open == 0) {
                Nd4j.factory().blas().setMaxThreads(savedBlasThreads);
            }
        }
        ops.close();
    }
}
