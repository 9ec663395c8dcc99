package io.asrwb.engine.model.layers;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Platform;
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
    private static final Object LOCK = new Object();
    private static CLibrary c;
    private static boolean unavailable;

    private MallocTrim() {}

    /** The C library's {@code int malloc_trim(size_t pad)}. */
    interface CLibrary extends Library {
        int malloc_trim(long pad);
    }

    /**
     * Releases the arenas' free pages; a no-op where the C library is not glibc.
     *
     * @return true when glibc released some memory
     */
    public static boolean trim() {
        CLibrary lib = library();
        if (lib == null) {
            return false;
        }
        try {
            return lib.malloc_trim(0) == 1;
        } catch (UnsatisfiedLinkError e) {
            // a C library without the symbol (musl): JNA finds that out at the first call
            LOG.debug("no malloc_trim here: {}", e.toString());
            synchronized (LOCK) {
                unavailable = true;
                c = null;
            }
            return false;
        }
    }

    private static CLibrary library() {
        synchronized (LOCK) {
            if (c == null && !unavailable) {
                if (!Platform.isLinux()) {
                    unavailable = true;
                    return null;
                }
                try {
                    c = Native.loadLibrary("c", CLibrary.class);
                } catch (UnsatisfiedLinkError | RuntimeException e) {
                    // not glibc (musl has no malloc_trim) or JNA cannot load: nothing to release
                    LOG.debug("no malloc_trim here: {}", e.toString());
                    unavailable = true;
                }
            }
            return c;
        }
    }
}
