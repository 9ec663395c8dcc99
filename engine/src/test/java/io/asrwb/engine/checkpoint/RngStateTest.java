package io.asrwb.engine.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.type.TypeReference;
import java.security.SecureRandom;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/** Generator states come back exactly, including after they have drawn numbers. */
class RngStateTest {

    @Test
    void nd4jGeneratorResumesItsStreamAfterDrawsNotJustItsSeed() {
        Nd4j.getRandom().setSeed(7);
        Nd4j.rand(3, 4); // draws move the native state away from what the seed alone gives
        RngState.Nd4jGenerator saved = RngState.Nd4jGenerator.capture();
        INDArray expected = Nd4j.rand(3, 4);
        double expectedScalar = Nd4j.getRandom().nextDouble();

        Nd4j.getRandom().setSeed(99);
        Nd4j.rand(5, 5);
        saved.restore();

        assertThat(Nd4j.rand(3, 4)).isEqualTo(expected);
        assertThat(Nd4j.getRandom().nextDouble()).isEqualTo(expectedScalar);
    }

    @Test
    void nd4jSeedAloneDoesNotResumeTheStream() {
        Nd4j.getRandom().setSeed(7);
        Nd4j.rand(3, 4);
        INDArray next = Nd4j.rand(3, 4);

        Nd4j.getRandom().setSeed(7);

        assertThat(Nd4j.rand(3, 4)).isNotEqualTo(next);
    }

    @Test
    void javaRandomResumesExactlyThroughJson() throws Exception {
        Random random = new Random(123);
        random.nextGaussian(); // leaves a cached second Gaussian in the state
        RngState saved = RngState.JavaRandom.of(random);
        double[] expected = {random.nextGaussian(), random.nextDouble(), random.nextInt()};

        TypeReference<Map<String, RngState>> mapType = new TypeReference<>() {};
        String json =
                CheckpointJson.MAPPER
                        .writerFor(mapType)
                        .writeValueAsString(Map.of("sampler", saved));
        RngState read = CheckpointJson.MAPPER.readValue(json, mapType).get("sampler");
        Random restored = ((RngState.JavaRandom) read).toRandom();

        assertThat(json).contains("\"kind\" : \"java.util.Random\"");
        assertThat(
                        new double[] {
                            restored.nextGaussian(), restored.nextDouble(), restored.nextInt()
                        })
                .isEqualTo(expected);
    }

    @Test
    void javaRandomRefusesSubclassesItCannotRestoreExactly() {
        assertThatThrownBy(() -> RngState.JavaRandom.of(new SecureRandom()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("java.security.SecureRandom");
    }
}
