package io.asrwb.engine.model.layers;

import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sets {@code OMP_WAIT_POLICY=PASSIVE} in this process's environment before ND4J loads its native
 * library, so that OpenMP's idle worker threads sleep instead of spinning.
 *
 * <p>Why: libnd4j's OpenMP threads and OpenBLAS's both serve each op on the two cores; by
 * default an OpenMP thread spins for a while after each parallel region, so the next matrix
 * product or copy ran beside a spinning thread (top: three threads busy on two cores). Passive
 * waiting made training steps faster and steadier on the 2-core machine (Wav2Letter 0.73–0.88 →
 * 0.67 s, DS2-small 2.70 → 2.57 s, QuartzNet 3.3–3.5 → 2.6–3.1 s;
 * docs/decisions/idle-threads-and-row-copies.md). OpenMP reads the variable once, when its
 * library loads, so every main calls this first; a value the user set is left alone.
 */
public final class OpenMpWaitPolicy {

    static final String VARIABLE = "OMP_WAIT_POLICY";
    private static final Logger LOG = LoggerFactory.getLogger(OpenMpWaitPolicy.class);

    private OpenMpWaitPolicy() {}

    /**
     * Asks for passive waiting unless the environment already chose a policy. Takes effect only
     * before ND4J's first use in this process.
     *
     * @return true when this call set it
     */
    public static boolean sleepWhenIdle() {
        if (System.getenv(VARIABLE) != null) {
            return false;
        }
        Optional<CLibrary.Calls> c = CLibrary.library();
        if (c.isEmpty()) {
            return false;
        }
        try {
            return c.get().setenv(VARIABLE, "PASSIVE", 0) == 0;
        } catch (UnsatisfiedLinkError e) {
            LOG.debug("could not set {}: {}", VARIABLE, e.toString());
            return false;
        }
    }
}
