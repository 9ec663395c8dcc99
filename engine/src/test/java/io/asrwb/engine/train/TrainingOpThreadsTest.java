package io.asrwb.engine.train;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.nd4j.linalg.factory.Environment;
import org.nd4j.linalg.factory.Nd4j;

/** Small CPU models train with one op thread; the previous limits come back afterwards. */
class TrainingOpThreadsTest {

    @Test
    void oneOpThreadOnlyForASmallModelOnTheCpuWhenTheUserSetNothing() {
        assertThat(TrainingOpThreads.oneThread(800_000, true, null)).isTrue();
        assertThat(TrainingOpThreads.oneThread(1_446_141, true, "")).isTrue();
        assertThat(TrainingOpThreads.oneThread(5_573_245, true, null)).as("DS2-small").isFalse();
        assertThat(TrainingOpThreads.oneThread(800_000, false, null)).as("CUDA").isFalse();
        assertThat(TrainingOpThreads.oneThread(800_000, true, "2"))
                .as("OMP_NUM_THREADS set")
                .isFalse();
    }

    @Test
    void theScopeRestoresTheLimitsItFound() {
        Environment env = Nd4j.getEnvironment();
        int master = env.maxMasterThreads();
        int blas = Nd4j.factory().blas().getMaxThreads();
        boolean applies = TrainingOpThreads.oneThread(1000, true, System.getenv("OMP_NUM_THREADS"));

        try (TrainingOpThreads ignored = TrainingOpThreads.forTraining(1000, true)) {
            if (applies) {
                assertThat(env.maxMasterThreads()).isEqualTo(1);
                assertThat(Nd4j.factory().blas().getMaxThreads()).isEqualTo(1);
            } else {
                assertThat(env.maxMasterThreads()).isEqualTo(master);
            }
        }

        assertThat(env.maxMasterThreads()).isEqualTo(master);
        assertThat(Nd4j.factory().blas().getMaxThreads()).isEqualTo(blas);
    }
}
