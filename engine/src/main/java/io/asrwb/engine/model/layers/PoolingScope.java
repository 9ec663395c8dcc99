package io.asrwb.engine.model.layers;

/** The span of a training step whose layers draw their arrays from the buffer pool. */
@FunctionalInterface
public interface PoolingScope extends AutoCloseable {

    /** Ends the span (restores what the thread did before). */
    @Override
    void close();
}
