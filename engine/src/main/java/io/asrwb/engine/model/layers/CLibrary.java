package io.asrwb.engine.model.layers;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Platform;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The C library's functions we call, bound once through JNA: malloc's controls for {@link
 * MallocThreshold} and {@link MallocTrim}, {@code setenv} for {@link OpenMpWaitPolicy}. Empty off Linux or where JNA cannot load the C library; a function the library lacks
 * (musl has neither) fails with {@link UnsatisfiedLinkError} at its first call, which the callers
 * catch.
 */
final class CLibrary {

    private static final Logger LOG = LoggerFactory.getLogger(CLibrary.class);

    /** The functions of glibc's {@code malloc.h} and {@code stdlib.h} we call. */
    interface Calls extends Library {
        int mallopt(int param, int value);

        int malloc_trim(long pad);

        int setenv(String name, String value, int overwrite);
    }

    private CLibrary() {}

    /** The bound library, loaded at the first use. */
    static Optional<Calls> library() {
        return Holder.CALLS;
    }

    private static final class Holder {
        static final Optional<Calls> CALLS = load();
    }

    private static Optional<Calls> load() {
        if (!Platform.isLinux()) {
            return Optional.empty();
        }
        try {
            return Optional.of(Native.loadLibrary("c", Calls.class));
        } catch (UnsatisfiedLinkError | RuntimeException e) {
            LOG.debug("no C library to tune malloc with: {}", e.toString());
            return Optional.empty();
        }
    }
}
