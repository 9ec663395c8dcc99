package io.asrwb.engine.align;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.inference.Transcriber;
import io.asrwb.engine.testing.DemoSubset;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The demo model places each word of a synthetic clip within 30 ms of where the generator put it
 * (src/test/resources/align/make-words-clip.py: words rendered one by one, trimmed, joined with
 * known silences, so the true boundaries are counted in samples).
 */
class ForcedAlignmentTest {

    private static final double TOLERANCE_S = 0.030;

    private static Transcriber demo;
    private static float[][] logProbs;
    private static float[] samples;
    private static JsonNode truth;
    private static ForcedAligner aligner;

    @BeforeAll
    static void alignTheClip() throws Exception {
        Path clip =
                Path.of(
                        Objects.requireNonNull(
                                        ForcedAlignmentTest.class.getResource(
                                                "/align/words-clip.wav"))
                                .toURI());
        truth =
                new ObjectMapper()
                        .readTree(ForcedAlignmentTest.class.getResource("/align/words-clip.json"));
        demo =
                Transcriber.greedy(
                        TrainedModel.load(DemoSubset.demoCorpus().resolveSibling("demo-model")));
        logProbs = demo.logProbabilities(clip);
        samples = AudioFiles.loadNative(clip).samples();
        aligner =
                new ForcedAligner(
                        demo.model().alphabet().ctcLabels(),
                        FrameClock.secondsPerOutputFrame(demo.model()));
    }

    @Test
    void theReferencesWordsLieWithin30MsOfTheGeneratorsBoundaries() {
        TextAlignment result =
                aligner.align(logProbs, truth.path("text").asText(), samples, demo.sampleRate());

        assertThat(result).isInstanceOf(TextAlignment.Aligned.class);
        List<AlignedWord> words = ((TextAlignment.Aligned) result).words();
        assertThat(words).hasSize(truth.path("words").size());
        for (int i = 0; i < words.size(); i++) {
            JsonNode expected = truth.path("words").get(i);
            AlignedWord w = words.get(i);
            assertThat(w.word()).isEqualTo(expected.path("word").asText());
            assertThat(w.startSec())
                    .as("start of %s", w.word())
                    .isCloseTo(expected.path("start").asDouble(), within(TOLERANCE_S));
            assertThat(w.endSec())
                    .as("end of %s", w.word())
                    .isCloseTo(expected.path("end").asDouble(), within(TOLERANCE_S));
            assertThat(w.confidence()).isBetween(0.0, 1.0);
        }
    }

    /**
     * Negative control: the CTC path alone misses by far more than 30 ms, so the pauses are what
     * make the spans right (the decision record gives the figures).
     */
    @Test
    void theCtcPathAloneMissesTheBoundariesByMoreThan100Ms() {
        List<AlignedWord> words =
                ((TextAlignment.Aligned) aligner.align(logProbs, truth.path("text").asText()))
                        .words();

        double worst = 0;
        for (int i = 0; i < words.size(); i++) {
            JsonNode expected = truth.path("words").get(i);
            worst =
                    Math.max(
                            worst,
                            Math.abs(words.get(i).startSec() - expected.path("start").asDouble()));
            worst =
                    Math.max(
                            worst,
                            Math.abs(words.get(i).endSec() - expected.path("end").asDouble()));
        }
        assertThat(worst).isGreaterThan(0.1);
    }

    @Test
    void aTextTooLongForTheFramesIsRefusedWithWhy() {
        float[][] three = java.util.Arrays.copyOf(logProbs, 3);

        TextAlignment result = aligner.align(three, "move back");

        assertThat(result).isInstanceOf(TextAlignment.Unaligned.class);
        assertThat(((TextAlignment.Unaligned) result).reason())
                .isEqualTo("3 frames (0.09 s) cannot hold the 9 labels of the text");
    }

    /** Memory stays bounded: a trellis past 64 M cells is refused, pointing at segmenting first. */
    @Test
    void aTextTooLongToAlignInOnePieceIsRefused() {
        float[][] tenMinutes = new float[20_000][logProbs[0].length];
        String words = "stop ".repeat(700).strip(); // 3499 labels: 20000 x 6999 states > 64 M

        TextAlignment result = aligner.align(tenMinutes, words);

        assertThat(((TextAlignment.Unaligned) result).reason())
                .isEqualTo(
                        "600 s with 3499 characters is too long to align in one piece; cut it into"
                                + " utterances first");
    }

    @Test
    void aCharacterOutsideTheAlphabetIsRefusedByName() {
        TextAlignment result = aligner.align(logProbs, "move 42");

        assertThat(((TextAlignment.Unaligned) result).reason())
                .isEqualTo("character '4' is not in the model's alphabet");
    }
}
