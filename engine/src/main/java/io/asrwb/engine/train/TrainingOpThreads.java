package io.asrwb.engine.train;

import org.nd4j.linalg.factory.Environment;
import org.nd4j.linalg.factory.Nd4j;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How many threads one op gets while a model trains on the CPU. A small model's ops are too small
 * to share: each parallel region costs a wake-up and a join (the tiny recipe spent as much time in
 * the kernel, futex and sched_yield, as in user code), while the second core has other work — the
 * loader computing the next batch and the BiLSTM's backward direction (its own thread). Measured
 * on 2 cores (docs/PERFORMANCE.md, "Time to a useful model"): with OMP_NUM_THREADS=1 the tiny
 * recipe trains in 2:02 instead of 2:28 and the demo model's steps run 25 % faster, while DS2-small
 * (5.6 M parameters) steps 14 % slower with one thread than with two. So models under {@link
 * #SMALL_MODEL_PARAMETERS} train with one master thread for libnd4j's ops and one BLAS thread
 * (2:16 for the tiny recipe; the rest of the gain needs OMP_NUM_THREADS=1 at start-up, which only
 * the environment can set); larger ones keep every core. An {@code OMP_NUM_THREADS} the user set
 * wins.
 * Process-wide in libnd4j, so the previous limits come back when the scope closes (the app trains
 * and transcribes in one JVM).
 */
final class TrainingOpThreads implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(TrainingOpThreads.class);
    static final long SMALL_MODEL_PARAMETERS = 3_000_000;

    private final int savedMasterThreads;
    private final int savedBlasThreads;
    private final boolean changed;

    private TrainingOpThreads(boolean change) {
        Environment env = Nd4j.getEnvironment();
        savedMasterThreads = env.maxMasterThreads();
        savedBlasThreads = Nd4j.factory().blas().getMaxThreads();
        changed = change;
        if (change) {
            // libnd4j 1.0.0-M2.1 keeps maxThreads as OMP_NUM_THREADS set it at start-up (a probe:
            // setMaxThreads(1) leaves it at 2); the master-thread limit and BLAS's take effect
            env.setMaxMasterThreads(1);
            Nd4j.factory().blas().setMaxThreads(1);
        }
    }

    /** One op thread for a small model on the CPU, unless OMP_NUM_THREADS says otherwise. */
    static TrainingOpThreads forTraining(long parameters, boolean cpu) {
        boolean one = oneThread(parameters, cpu, System.getenv("OMP_NUM_THREADS"));
        if (one) {
            LOG.debug(
                    "{} parameters: one thread per op (the other cores load batches and run the"
                            + " backward direction)",
                    parameters);
        }
        return new TrainingOpThreads(one);
    }

    static boolean oneThread(long parameters, boolean cpu, String ompNumThreads) {
        boolean userChose = ompNumThreads != null && !ompNumThreads.isBlank();
        return cpu && !userChose && parameters < SMALL_MODEL_PARAMETERS;
    }

    @Override
    public void close() {
        if (changed) {
            Environment env = Nd4j.getEnvironment();
            env.setMaxMasterThreads(savedMasterThreads);
            Nd4j.factory().blas().setMaxThreads(savedBlasThreads);
        }
    }
}
