package io.asrwb.engine.model.layers;

import static org.nd4j.linalg.indexing.NDArrayIndex.interval;

import java.util.HashMap;
import java.util.Map;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.memory.MemoryWorkspace;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * Working arrays a layer needs only during one call, kept per thread between calls: each named
 * slot is a view onto a buffer that grows to the largest size asked and is never freed.
 *
 * <p>Why: memory the process touches for the first time costs a page fault per 4 KiB, and on the
 * 2-core VM we measure on a fault costs ~12 µs (a fresh 71 MB array took 205 ms to fill; the same
 * array reused, 1.5 ms). {@link MallocThreshold} makes every freed array of 128 KiB or more go back
 * to the system, so a layer that allocated its im2col matrix each call paid that every step. The
 * price is the largest working set of each slot kept resident for the thread's life.
 *
 * <p>Contents are left over from the previous use: callers overwrite or zero what they read.
 * Never {@link NativeMemory#release} a scratch array.
 */
final class ScratchArrays {

    private static final ThreadLocal<Map<String, INDArray>> BUFFERS =
            ThreadLocal.withInitial(HashMap::new);

    /** The Java-heap twins of {@link #BUFFERS}, by slot (enum constants: identity hashing). */
    private static final ThreadLocal<Map<Enum<?>, float[]>> FLOATS =
            ThreadLocal.withInitial(HashMap::new);

    private ScratchArrays() {}

    /**
     * A c-ordered array of {@code shape} in slot {@code slot}, valid until the same thread asks for
     * that slot again.
     */
    static INDArray get(String slot, DataType type, long... shape) {
        long length = 1;
        for (long size : shape) {
            length *= size;
        }
        String key = slot + '/' + type;
        Map<String, INDArray> buffers = BUFFERS.get();
        INDArray flat = buffers.get(key);
        if (flat == null || flat.length() < length) {
            if (flat != null) {
                NativeMemory.release(flat);
            }
            try (MemoryWorkspace ignored = Nd4j.getWorkspaceManager().scopeOutOfWorkspaces()) {
                flat = Nd4j.createUninitialized(type, Math.max(1, length));
            }
            buffers.put(key, flat);
        }
        INDArray used = flat.length() == length ? flat : flat.get(interval(0, length));
        return used.reshape('c', shape);
    }

    /**
     * This thread's Java array of {@code slot}, at least {@code length} long, for loops that work
     * on the Java heap (a layer's rows or whole activations): garbage at their rate grew the heap
     * by hundreds of MB. Contents are left over from the last use.
     */
    static float[] floats(Enum<?> slot, int length) {
        Map<Enum<?>, float[]> arrays = FLOATS.get();
        float[] a = arrays.get(slot);
        if (a == null || a.length < length) {
            a = new float[length];
            arrays.put(slot, a);
        }
        return a;
    }
}
