package io.asrwb.engine.model.layers;

import java.lang.ref.WeakReference;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import org.nd4j.linalg.api.buffer.DataBuffer;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.memory.MemoryWorkspace;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * Native buffers for our layers' per-step arrays, taken back when a layer frees an array ({@link
 * NativeMemory#release}) and handed to its next array of about the same size, instead of going
 * back to the system: a training step allocates the same temporaries every step.
 *
 * <p>Why: memory the process touches for the first time costs a page fault per 4 KiB page, ~12 µs
 * on the 2-core VM we measure on (a fresh 10 MB array took 27 ms to fill, a reused one 1.5 ms), and
 * {@link MallocThreshold} sends every freed block of 128 KiB or more back to the system (without
 * it glibc's arenas kept them and the resident set doubled). Wav2Letter's training step went from
 * 1.23 to 0.85 s with this pool, QuartzNet's from 5.7 to 3.7 s (docs/PERFORMANCE.md).
 *
 * <p>Bounds: buffers come in size classes eight to a doubling (at most 12.5 % unused), and an
 * array whose class has none free takes one up to twice its size, so batches of other lengths
 * still find one; a class keeps no more buffers than were ever out at once; the pool keeps at
 * most {@code -Dasrwb.bufferPoolMb} (1024 MB; 0 turns it off), dropping the longest unused first.
 * 256 MB held a QuartzNet step's arrays only in part (batch 8 × 4 s: its step 1.3–1.5 s against
 * 1.05–1.2 s with all of them pooled, the same peak resident set: docs/PERFORMANCE.md). Arrays
 * from {@link #create} may hold an earlier array's values.
 */
final class BufferPool {

    private static final long SMALLEST_POOLED = 16 * 1024;

    private static final int CLASSES_PER_DOUBLING = 8;

    /**
     * With assertions on (the tests), a reused buffer is handed out full of 1e20, so that a caller
     * that reads before it writes blows up the loss instead of passing on stale values (not NaN,
     * which a ReLU turns into 0).
     */
    private static final boolean POISON = BufferPool.class.desiredAssertionStatus();

    private static final double POISON_VALUE = 1e20;

    private static final BufferPool SHARED =
            new BufferPool(Long.getLong("asrwb.bufferPoolMb", 1024L) * 1024 * 1024);

    private record Key(DataType type, long length) {}

    /** A buffer handed out: the array it went to spans {@code length} of it. */
    private record Issued(WeakReference<DataBuffer> buffer, long length) {}

    private final long capacityBytes;

    /** A free buffer (identity, not ND4J's equality of contents). */
    private static final class Slot {
        final DataBuffer buffer;
        final Key key;
        final long step;

        Slot(DataBuffer buffer, Key key, long step) {
            this.buffer = buffer;
            this.key = key;
            this.step = step;
        }
    }

    /** Training steps ended so far: a buffer kept longer than one is of a size no longer asked. */
    private long stepsEnded;

    /** Free buffers, least recently given back first. */
    private final LinkedHashSet<Slot> free = new LinkedHashSet<>();

    private final Map<Key, ArrayDeque<Slot>> freeByKey = new HashMap<>();

    /** Per class: buffers out now, and the most that ever were at once. */
    private final Map<Key, long[]> out = new HashMap<>();

    private final Map<Long, Issued> issued = new HashMap<>();
    private long pooledBytes;
    private long handedOut;

    /** Whether this thread is in a training step ({@link NativeMemory#poolingStep}). */
    private static final ThreadLocal<boolean[]> IN_STEP =
            ThreadLocal.withInitial(() -> new boolean[1]);

    /** A pool of this capacity; {@link #create} draws on it only inside {@link #step}. */
    BufferPool(long capacityBytes) {
        this.capacityBytes = capacityBytes;
    }

    static BufferPool shared() {
        return SHARED;
    }

    /** A c-ordered array of {@code shape} on a pooled buffer (a new one if none is free). */
    INDArray create(DataType type, long... shape) {
        long length = 1;
        for (long size : shape) {
            length *= size;
        }
        if (capacityBytes <= 0 || length < SMALLEST_POOLED || !IN_STEP.get()[0]) {
            return Nd4j.createUninitialized(type, shape, 'c');
        }
        Key key = new Key(type, sizeClass(length));
        DataBuffer buffer = take(key);
        boolean reused = buffer != null;
        if (buffer == null) {
            try (MemoryWorkspace ignored = Nd4j.getWorkspaceManager().scopeOutOfWorkspaces()) {
                buffer = Nd4j.createBuffer(type, key.length(), false);
            }
        }
        synchronized (this) {
            issued.put(buffer.address(), new Issued(new WeakReference<>(buffer), length));
            if (++handedOut % 4096 == 0) {
                issued.values().removeIf(i -> i.buffer().get() == null);
            }
        }
        INDArray a = Nd4j.create(buffer, shape, Nd4j.getStrides(shape, 'c'), 0, 'c', type);
        return POISON && reused && type.isFPType() ? a.assign(POISON_VALUE) : a;
    }

    /**
     * Takes back the buffer of {@code a} when it is one this pool handed out and {@code a} spans
     * all of what it was handed out for: true then (kept or freed here), false otherwise.
     */
    synchronized boolean giveBack(INDArray a) {
        DataBuffer data = a.data();
        DataBuffer owner = data.originalDataBuffer() != null ? data.originalDataBuffer() : data;
        if (issued.isEmpty() || owner.wasClosed()) {
            return false;
        }
        Issued i = issued.get(owner.address());
        if (i == null || i.buffer().get() != owner || i.length() != a.length()) {
            return false;
        }
        issued.remove(owner.address());
        Key key = new Key(owner.dataType(), owner.length());
        long[] counts = out.get(key);
        counts[0] = Math.max(0, counts[0] - 1);
        ArrayDeque<Slot> same = freeByKey.computeIfAbsent(key, k -> new ArrayDeque<>());
        long bytes = bytes(key);
        if (same.size() >= counts[1] || bytes > capacityBytes) {
            owner.close();
            return true;
        }
        while (pooledBytes + bytes > capacityBytes) {
            remove(free.iterator().next()).close();
        }
        Slot slot = new Slot(owner, key, stepsEnded);
        same.push(slot);
        free.add(slot);
        pooledBytes += bytes;
        return true;
    }

    /**
     * Marks this thread as in a training step until the returned scope closes: only then do
     * {@link #create} calls draw on the pool. A transcription's windows come in other shapes each
     * time and are few; a training step's arrays recur.
     */
    static PoolingScope step() {
        return SHARED.stepScope();
    }

    /** As {@link #step}, on this pool: its end also frees what the step before kept and left. */
    PoolingScope stepScope() {
        boolean[] flag = IN_STEP.get();
        boolean before = flag[0];
        flag[0] = true;
        return () -> {
            flag[0] = before;
            endStep();
        };
    }

    /**
     * Frees the buffers kept before this step that it did not take again: with batches of other
     * lengths each step, sizes of earlier steps would otherwise sit here up to the capacity (a
     * 24-step DS2 training on the demo set peaked 240 MB higher before this).
     */
    synchronized void endStep() {
        for (Slot stale : free.stream().filter(slot -> slot.step < stepsEnded).toList()) {
            remove(stale).close();
        }
        stepsEnded++;
    }

    /** Bytes kept now. */
    synchronized long pooledBytes() {
        return pooledBytes;
    }

    /** The class length holding {@code length} elements: eight classes per doubling. */
    static long sizeClass(long length) {
        int shift =
                Math.max(
                        0,
                        63
                                - Long.numberOfLeadingZeros(length)
                                - Integer.numberOfTrailingZeros(CLASSES_PER_DOUBLING));
        long step = 1L << shift;
        return (length + step - 1) / step * step;
    }

    /**
     * A free buffer of {@code key}'s class, else of the smallest class above it up to twice its
     * size (a batch a little shorter than the last reuses the last one's buffers), else null.
     * Counted as out in the class of the buffer that goes out.
     */
    private synchronized DataBuffer take(Key key) {
        Slot found = null;
        Key from = key;
        for (int up = 0; up <= CLASSES_PER_DOUBLING && found == null; up++) {
            ArrayDeque<Slot> same = freeByKey.get(from);
            found = same == null ? null : same.peek();
            from = new Key(key.type(), sizeClass(from.length() + 1));
        }
        long[] counts = out.computeIfAbsent(found == null ? key : found.key, k -> new long[2]);
        counts[0]++;
        counts[1] = Math.max(counts[1], counts[0]);
        return found == null ? null : remove(found);
    }

    private DataBuffer remove(Slot slot) {
        freeByKey.get(slot.key).remove(slot);
        free.remove(slot);
        pooledBytes -= bytes(slot.key);
        return slot.buffer;
    }

    private static long bytes(Key key) {
        return key.length() * key.type().width();
    }
}
