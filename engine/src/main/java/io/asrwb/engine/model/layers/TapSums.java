package io.asrwb.engine.model.layers;

import java.lang.reflect.InvocationTargetException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The two sums a depthwise 1-D convolution is made of, over one row laid out by {@link
 * DepthwiseRows}: each tap {@code t} of a kernel reads the row from its own start {@code off[t]}.
 * Two implementations compute the same values: {@link ScalarTapSums} (plain loops, any JVM) and
 * {@code VectorTapSums} (the JDK's Vector API, about ten times faster: each block of outputs stays
 * in registers over all the taps, which the JIT's auto-vectoriser never arranges), used when the
 * JVM was started with {@code --add-modules jdk.incubator.vector} (the launchers of training do).
 */
interface TapSums {

    /** {@code dst[dstAt + j] = Σ_t w[wAt + t] · src[off[t] + j]} for {@code j < n}. */
    void correlate(float[] src, int[] off, float[] w, int wAt, float[] dst, int dstAt, int n);

    /** {@code g[gAt + t] += Σ_j dy[dyAt + j] · src[off[t] + j]} for {@code j < n}, every tap. */
    void dot(float[] src, int[] off, float[] dy, int dyAt, int n, float[] g, int gAt);

    /** The fastest implementation this JVM runs. */
    static TapSums best() {
        return Chosen.BEST;
    }

    /** Holds the choice, made once (a class initialiser: lazy and thread-safe). */
    final class Chosen {
        private static final Logger LOG = LoggerFactory.getLogger(TapSums.class);
        static final TapSums BEST = choose();

        private Chosen() {}

        private static TapSums choose() {
            if (!VectorApi.present()) {
                LOG.info(
                        "depthwise convolutions run on scalar loops (several times slower): start"
                                + " the JVM with {} for the vector ones",
                        VectorApi.JVM_OPTION);
                return new ScalarTapSums();
            }
            try {
                return Class.forName(TapSums.class.getPackageName() + ".VectorTapSums")
                        .asSubclass(TapSums.class)
                        .getDeclaredConstructor()
                        .newInstance();
            } catch (ClassNotFoundException
                    | NoSuchMethodException
                    | InstantiationException
                    | IllegalAccessException
                    | InvocationTargetException e) {
                throw new IllegalStateException("the engine's VectorTapSums did not load", e);
            }
        }
    }
}
