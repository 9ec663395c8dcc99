package io.asrwb.engine.stream;

import io.asrwb.engine.model.layers.SmallOpThreads;
import org.nd4j.linalg.factory.Nd4j;

/**
 * libnd4j's ops and BLAS on one thread while a chunk's few frames go through the model: on a busy
 * 2-core machine their parallel regions cost far more than the arithmetic (bench streaming, load
 * ~11: a 100 ms chunk took 105 ms with 2 threads, 1.6 ms with one). The BLAS limit is process-wide
 * and not counted like {@link SmallOpThreads}: the previous value is put back on close.
 */
final class OneThreadScope implements AutoCloseable {

    private final SmallOpThreads ops;
    private final int savedBlasThreads;

    OneThreadScope() {
        this.ops = SmallOpThreads.open();
        this.savedBlasThreads = Nd4j.factory().blas().getMaxThreads();
        Nd4j.factory().blas().setMaxThreads(1);
    }

    @Override
    public void close() {
        Nd4j.factory().blas().setMaxThreads(savedBlasThreads);
        ops.close();
    }
}
