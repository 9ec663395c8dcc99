package io.asrwb.engine.model.layers;

import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands the free pages of glibc's heap arenas back to the system: {@code malloc_trim(0)}.
 *
 * <p>Why: ND4J's small buffers (under the mmap threshold {@link MallocThreshold} pins) come from
 * glibc's arenas, and a freed chunk in the middle of an arena stays resident; glibc returns only
 * the free top of an arena by itself. Training after training, with the work spread over threads
 * that come and go, the arenas filled with such free chunks: a probe of tiny trainings each on a
 * fresh thread (bench/TrainingLoopProbe.java) held 40 MB in use but 490 MB free in the arenas after
 * 40 runs, resident all of it, and the soak's floor rose ~1 MB per training
 * (docs/RELIABILITY.md). {@code malloc_trim(0)} releases every whole free page of every arena
 * (glibc ≥ 2.8): the same probe with a trim after each run stayed flat.
 */
public final class MallocTrim {

    private static final Logger LOG = LoggerFactory.getLogger(MallocTrim.class);

    /** Set once a call found no {@code malloc_trim} in the C library (musl). */
    private static volatile boolean missing;

    private MallocTrim() {}

    /**
     * Releases the arenas' free pages; a no-op where the C library is not glibc.
     *
     * @return true when glibc released some memory
     */
    public static boolean trim() {
        Optional<CLibrary.Calls> c = CLibrary.library();
        if (c.isEmpty() || missing) {
            return false;
        }
        try {
            return c.get().malloc_trim(0) == 1;
        } catch (UnsatisfiedLinkError e) {
            LOG.debug("no malloc_trim here: {}", e.toString());
            missing = true;
            return false;
        }
    }
}
