package io.asrwb.engine.model.layers;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.bytedeco.javacpp.Pointer;
import org.nd4j.linalg.factory.Nd4j;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the memory outside the Java heap from piling up in a long-lived process: asks the JVM for a
 * collection when the native memory held by ND4J arrays has grown by more than a headroom since the
 * last one, and hands glibc's free pages back when the resident memory outside the heap has grown.
 *
 * <p>Why: ND4J frees an array's native buffer only when the collector finds its Java object dead
 * ({@link NativeMemory} frees our own temporaries at once, but DL4J's and ND4J's own are left to
 * the collector). Those objects are small; a process with a 2 GB heap and ~0.1 GB live collects
 * its old generation rarely, so the dead buffers piled up: the app's soak (tiny trainings in a
 * loop, a transcription every 10 s) grew from 0.8 to 1.8 GB resident outside the heap in 13
 * minutes, and one forced collection took it back to 0.56 GB (docs/RELIABILITY.md). A collection
 * when the live native bytes have grown by the headroom bounds that growth without a collection
 * on every step.
 *
 * <p>A collection alone did not hold the floor: the memory ND4J's buffers are freed into stays
 * resident in glibc's arenas, fragmented, so the hour-long soak's lowest RSS after each collection
 * still rose ~1 MB per tiny training. One period after each collection, when the freed buffers
 * have been handed back, the janitor also releases the arenas' free pages ({@link MallocTrim}).
 *
 * <p>Nor did ND4J's count bound the peaks: in the hour with the trim, the resident memory outside
 * the heap climbed 1.3 GB between two collections while ND4J's live bytes grew less than the
 * headroom — buffers freed at once (ours, oneDNN's) refilling the arenas between trims. So the
 * janitor also watches that resident size: grown past its floor by a headroom (the larger of a
 * fixed one and a quarter of the floor, so a big model's step-to-step swing does not trip it), it trims at
 * once, which costs no pause; still grown one period later, it collects as above. The size is
 * the process's RSS less the resident part of the heap's address range ({@link
 * ProcessStatus#residentOutsideHeap}): the heap's own resident size swings by hundreds of MB as
 * the collector grows and shrinks it, and a first try that subtracted its committed size instead
 * read that swing as native memory coming and going (the hour's verdict: +11.6 %).
 */
public final class NativeMemoryJanitor {

    /** Growth of live native bytes that asks for a collection. */
    public static final long DEFAULT_HEADROOM_BYTES = 384L << 20;

    /** Least growth of the resident memory outside the heap that asks for a trim. */
    public static final long DEFAULT_RESIDENT_HEADROOM_BYTES = 128L << 20;

    private static final Logger LOG = LoggerFactory.getLogger(NativeMemoryJanitor.class);
    private static final long PERIOD_MILLIS = 5_000;
    private static final Object LOCK = new Object();
    private static ScheduledExecutorService running;

    /** What the janitor did on the last tick, which decides what it looks at on this one. */
    private enum Last {
        LOOKED,
        TRIMMED,
        COLLECTED
    }

    private final long headroomBytes;
    private final long residentHeadroomBytes;
    private final LongSupplier liveNativeBytes;
    private final LongSupplier residentOutsideHeap;
    private final Runnable collect;
    private final Runnable release;
    private final AtomicLong collections = new AtomicLong();
    private final AtomicLong trims = new AtomicLong();
    private long baseline;
    private long residentFloor;
    private Last last = Last.LOOKED;

    NativeMemoryJanitor(long headroomBytes, LongSupplier liveNativeBytes, Runnable collect) {
        this(headroomBytes, liveNativeBytes, collect, () -> {});
    }

    NativeMemoryJanitor(
            long headroomBytes, LongSupplier liveNativeBytes, Runnable collect, Runnable release) {
        this(headroomBytes, liveNativeBytes, collect, release, Long.MAX_VALUE / 4, () -> -1);
    }

    /**
     * @param release hands the freed memory back to the system: run one period after each
     *     collection, when the buffers it found dead have been freed, and when the resident memory
     *     outside the heap has grown
     * @param residentOutsideHeap bytes resident outside the Java heap, negative where unknown
     */
    NativeMemoryJanitor(
            long headroomBytes,
            LongSupplier liveNativeBytes,
            Runnable collect,
            Runnable release,
            long residentHeadroomBytes,
            LongSupplier residentOutsideHeap) {
        if (headroomBytes <= 0 || residentHeadroomBytes <= 0) {
            throw new IllegalArgumentException(
                    "headroom must be > 0, got "
                            + headroomBytes
                            + " and "
                            + residentHeadroomBytes
                            + " resident");
        }
        this.headroomBytes = headroomBytes;
        this.residentHeadroomBytes = residentHeadroomBytes;
        this.liveNativeBytes = liveNativeBytes;
        this.residentOutsideHeap = residentOutsideHeap;
        this.collect = collect;
        this.release = release;
        this.baseline = liveNativeBytes.getAsLong();
        this.residentFloor = residentOutsideHeap.getAsLong();
    }

    /**
     * Starts the process's janitor (a daemon thread) unless it runs already. Called where ND4J is
     * first put to work (loading a model, starting a training), so a process that never uses ND4J
     * never loads it for this.
     */
    public static void ensureStarted() {
        synchronized (LOCK) {
            if (running != null) {
                return;
            }
            NativeMemoryJanitor janitor =
                    new NativeMemoryJanitor(
                            DEFAULT_HEADROOM_BYTES,
                            NativeMemoryJanitor::liveNativeBytes,
                            NativeMemoryJanitor::collectGarbage,
                            NativeMemoryJanitor::releaseFreedPages,
                            DEFAULT_RESIDENT_HEADROOM_BYTES,
                            ProcessStatus::residentOutsideHeap);
            ScheduledExecutorService timer =
                    Executors.newSingleThreadScheduledExecutor(
                            r -> {
                                Thread t = new Thread(r, "native-memory-janitor");
                                t.setDaemon(true);
                                return t;
                            });
            ScheduledFuture<?> unused =
                    timer.scheduleWithFixedDelay(
                            janitor::tickSafely,
                            PERIOD_MILLIS,
                            PERIOD_MILLIS,
                            TimeUnit.MILLISECONDS);
            running = timer;
        }
    }

    /** Native bytes held now: libnd4j's own count plus JavaCPP's. */
    public static long liveNativeBytes() {
        return Nd4j.getEnvironment().getDeviceCouner(0) + Pointer.totalBytes();
    }

    /** A tick whose failure is logged, not allowed to end the schedule. */
    private void tickSafely() {
        try {
            tick();
        } catch (RuntimeException e) {
            LOG.warn("native memory janitor: {}", e.toString());
        }
    }

    /** One look; see the class comment for what it does when. */
    synchronized void tick() {
        long now = liveNativeBytes.getAsLong();
        if (last == Last.COLLECTED) {
            // buffers are freed by ND4J's deallocator threads after the collection: measure the
            // new floors one period later, once the pages they were freed into are released
            release.run();
            baseline = now;
            residentFloor = residentOutsideHeap.getAsLong();
            last = Last.LOOKED;
            return;
        }
        long resident = residentOutsideHeap.getAsLong();
        boolean residentGrown = resident >= 0 && residentFloor >= 0 && resident > residentLimit();
        if (now - baseline > headroomBytes || (residentGrown && last == Last.TRIMMED)) {
            collect.run();
            collections.incrementAndGet();
            last = Last.COLLECTED;
            return;
        }
        if (residentGrown) {
            release.run();
            trims.incrementAndGet();
            last = Last.TRIMMED;
            return;
        }
        last = Last.LOOKED;
        baseline = Math.min(baseline, now);
        if (resident >= 0) {
            residentFloor = residentFloor < 0 ? resident : Math.min(residentFloor, resident);
        }
    }

    private long residentLimit() {
        return residentFloor + Math.max(residentHeadroomBytes, residentFloor / 4);
    }

    /** Collections asked for so far. */
    long collections() {
        return collections.get();
    }

    /** Trims for resident growth so far (not counting those after a collection). */
    long trims() {
        return trims.get();
    }

    /** Explicit on purpose: see the class comment. */
    private static void collectGarbage() {
        System.gc();
    }

    private static void releaseFreedPages() {
        boolean released = MallocTrim.trim();
        LOG.debug("malloc_trim released memory: {}", released);
    }
}
