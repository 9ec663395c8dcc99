package io.asrwb.engine.model.layers;

import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Pins glibc's mmap threshold in this process, as {@code MALLOC_MMAP_THRESHOLD_=131072} would.
 *
 * <p>Why: glibc serves a request of at least its threshold (128 KiB) with a mapping of its own,
 * returned to the system on free, but raises the threshold to the size of each such block freed
 * (up to 32 MiB). ND4J frees a training step's arrays (up to ~17 MB each) every step, so after the
 * first step they all come from the heap arenas, which keep freed memory resident: a DS2-small run
 * grew from 0.67 to 1.25 GB over six steps with no more live buffers (docs/PERFORMANCE.md,
 * "Memory"). The {@code ./asrwb} script sets the variable; the app, the installed launchers and a
 * remote box's JVM start without it, so every main calls this instead. A value the user set in
 * the environment is left alone.
 */
public final class MallocThreshold {

    static final String VARIABLE = "MALLOC_MMAP_THRESHOLD_";
    static final int BYTES = 128 * 1024;
    private static final int M_MMAP_THRESHOLD = -3; // glibc's malloc.h
    private static final Logger LOG = LoggerFactory.getLogger(MallocThreshold.class);

    private MallocThreshold() {}

    /**
     * Pins the threshold unless the environment already chose one.
     *
     * @return true when this call set it
     */
    public static boolean pin() {
        if (System.getenv(VARIABLE) != null) {
            return false;
        }
        Optional<CLibrary.Calls> c = CLibrary.library();
        if (c.isEmpty()) {
            return false;
        }
        try {
            boolean set = c.get().mallopt(M_MMAP_THRESHOLD, BYTES) == 1;
            if (!set) {
                LOG.warn(
                        "mallopt(M_MMAP_THRESHOLD) was refused: resident memory may grow during"
                                + " training");
            }
            return set;
        } catch (UnsatisfiedLinkError e) {
            // not glibc (musl has no such threshold): training still works, only
            // its resident set may grow as described above
            LOG.debug("could not pin malloc's mmap threshold: {}", e.toString());
            return false;
        }
    }
}
