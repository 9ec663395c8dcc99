package io.asrwb.engine.model.layers;

import org.nd4j.linalg.factory.Environment;
import org.nd4j.linalg.factory.Nd4j;

/**
 * Runs libnd4j ops on its own kernels instead of its oneDNN helpers for the duration of a scope:
 * the oneDNN {@code conv2d} and {@code conv2d_bp} of 1.0.0-M2.1 reject every dilated convolution
 * ("could not create a descriptor for a dilated convolution forward propagation primitive"),
 * while libnd4j's own im2col + GEMM kernel computes it (DilatedConvolutionTest, the gradient check).
 *
 * <p>The switch is process-wide in libnd4j, so scopes are reference-counted: the first opened turns
 * the helpers off, the last closed restores what was set before. An op on another thread meanwhile
 * runs on libnd4j's own kernel too: the same result, at that kernel's speed.
 */
final class OneDnnBypass implements AutoCloseable {

    private static final Object LOCK = new Object();
    private static int open;
    private static boolean savedAllowed;

    private OneDnnBypass() {}

    /** Opens a scope; close it (try-with-resources) when the ops are done. */
    static OneDnnBypass open() {
        synchronized (LOCK) {
            if (open++ == 0) {
                Environment env = Nd4j.getEnvironment();
                savedAllowed = env.helpersAllowed();
                env.allowHelpers(false);
            }
        }
        return new OneDnnBypass();
    }

    /** A scope when {@code needed}, else null (try-with-resources accepts null). */
    static OneDnnBypass openIf(boolean needed) {
        return needed ? open() : null;
    }

    @Override
    public void close() {
        synchronized (LOCK) {
            if (--open == 0) {
                Nd4j.getEnvironment().allowHelpers(savedAllowed);
            }
        }
    }
}
