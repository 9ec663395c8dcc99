package io.asrwb.engine.train;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.inference.Transcriber;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every committed checkpoint fixture (one per checkpoint format and config schema, written by the
 * code of its day, see {@code checkpoint-compat/README.md}) still loads with today's code and
 * gives the committed clip the log-probabilities and text it gave when it was written.
 */
class CheckpointCompatibilityTest {

    /** Fixtures are never deleted: a release that cannot read one of these has broken users' runs. */
    private static final List<String> REQUIRED =
            List.of("format1-schema1-plain", "format1-schema2-batchnorm", "format1-schema2-plain");

    /** CPU kernels (AVX2 or not, BLAS threads) may differ in the last bits; a real change won't. */
    private static final double TOLERANCE = 1e-4;

    @Test
    void noFixtureIsMissing() throws Exception {
        assertThat(fixtures()).extracting(p -> p.getFileName().toString()).containsAll(REQUIRED);
    }

    @TestFactory
    Stream<DynamicTest> eachFixtureDecodesTheClipAsItDidWhenWritten() throws Exception {
        return fixtures().stream()
                .map(
                        dir ->
                                DynamicTest.dynamicTest(
                                        dir.getFileName().toString(), () -> check(dir)));
    }

    @Test
    void theBatchNormFixtureHoldsTrainedRunningStatistics() throws Exception {
        TrainedModel model =
                TrainedModel.load(
                        root().resolve("format1-schema2-batchnorm").resolve("checkpoint"));
        for (String key : List.of("conv1_bn_runningMean", "lstm2_bn_runningMean")) {
            // a fresh model's running means are 0: these moved in training and must load as saved
            assertThat(model.graph().getParam(key).amaxNumber().doubleValue()).as(key).isPositive();
        }
        TrainedModel plain =
                TrainedModel.load(root().resolve("format1-schema2-plain").resolve("checkpoint"));
        assertThat(plain.graph().paramTable()).doesNotContainKey("conv1_bn_runningMean");
    }

    private static void check(Path fixture) throws Exception {
        JsonNode expected = new ObjectMapper().readTree(fixture.resolve("expected.json").toFile());
        TrainedModel model = TrainedModel.load(fixture.resolve("checkpoint"));
        String name = fixture.getFileName().toString();
        assertThat(name)
                .startsWith(
                        "format"
                                + model.state().formatVersion()
                                + "-schema"
                                + CheckpointFixtureWriter.savedSchema(fixture.resolve("checkpoint"))
                                + "-");

        Transcriber transcriber = Transcriber.greedy(model);
        float[][] logProbs =
                transcriber.logProbabilities(root().resolve(expected.path("clip").asText()));

        JsonNode frames = expected.path("log_probabilities");
        assertThat(logProbs.length).as("frames").isEqualTo(frames.size());
        for (int t = 0; t < logProbs.length; t++) {
            assertThat(logProbs[t]).as("labels of frame %d", t).hasSize(frames.get(t).size());
            for (int k = 0; k < logProbs[t].length; k++) {
                assertThat((double) logProbs[t][k])
                        .as("frame %d label %d", t, k)
                        .isCloseTo(frames.get(t).get(k).asDouble(), Offset.offset(TOLERANCE));
            }
        }
        assertThat(transcriber.decode(logProbs)).isEqualTo(expected.path("text").asText());
    }

    private static List<Path> fixtures() throws IOException, URISyntaxException {
        try (Stream<Path> dirs = Files.list(root())) {
            return dirs.filter(d -> Files.isDirectory(d.resolve("checkpoint"))).sorted().toList();
        }
    }

    private static Path root() throws URISyntaxException {
        return Path.of(CheckpointCompatibilityTest.class.getResource("/checkpoint-compat").toURI());
    }
}
