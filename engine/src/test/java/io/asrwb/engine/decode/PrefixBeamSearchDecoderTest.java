package io.asrwb.engine.decode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PrefixBeamSearchDecoderTest {

    private static final CtcLabels LABELS = CtcLabels.of("_ ab");

    /**
     * The classic case: blank is each frame's most probable label, so the best path is all blanks
     * (""), but "a" collects more probability over its many alignments.
     */
    private static float[][] bestPathIsNotBestLabelling() {
        double[] frame = {0.5, 0.05, 0.4, 0.05};
        return CtcBruteForce.logOf(new double[][] {frame, frame, frame, frame});
    }

    @Test
    void findsTheMostProbableLabellingWhereGreedyReadsTheBestPath() {
        float[][] lp = bestPathIsNotBestLabelling();
        Map<List<Integer>, Double> exact = CtcBruteForce.labellingLogProbabilities(lp);
        Map.Entry<List<Integer>, Double> best = CtcBruteForce.best(exact);
        assertThat(CtcBruteForce.text(best.getKey(), LABELS)).isEqualTo("a");
        assertThat(best.getValue()).isGreaterThan(exact.get(List.of()));

        Transcript greedy = new GreedyCtcDecoder(LABELS, 0.02).decode(lp);
        Transcript beam =
                new PrefixBeamSearchDecoder(LABELS, 0.02, BeamSearchConfig.acoustic(8)).decode(lp);

        assertThat(greedy.text()).isEmpty();
        assertThat(beam.text()).isEqualTo("a");
        assertThat(beam.score()).isCloseTo(best.getValue(), within(1e-9));
    }

    @Test
    void agreesWithBruteForceOnRandomMatricesWhenTheBeamHoldsEveryLabelling() {
        Random random = new Random(42);
        PrefixBeamSearchDecoder exhaustive =
                new PrefixBeamSearchDecoder(LABELS, 0.02, BeamSearchConfig.acoustic(1000));
        for (int trial = 0; trial < 25; trial++) {
            double[][] p = new double[5][4];
            for (double[] row : p) {
                double sum = 0;
                for (int k = 0; k < 4; k++) {
                    row[k] = Math.exp(2 * random.nextGaussian());
                    sum += row[k];
                }
                for (int k = 0; k < 4; k++) {
                    row[k] /= sum;
                }
            }
            float[][] lp = CtcBruteForce.logOf(p);
            Map.Entry<List<Integer>, Double> best =
                    CtcBruteForce.best(CtcBruteForce.labellingLogProbabilities(lp));
            Transcript beam = exhaustive.decode(lp);
            assertThat(beam.score()).as("trial %d", trial).isCloseTo(best.getValue(), within(1e-9));
            assertThat(beam.text())
                    .as("trial %d", trial)
                    .isEqualTo(CtcBruteForce.text(best.getKey(), LABELS));
        }
    }

    @Test
    void wordTimingsComeFromTheBestAlignmentOfTheWinningLabelling() {
        // a a _ b | space | _ b b  -> "ab b"; sharp frames make the best alignment the greedy path.
        float[][] lp = GreedyCtcDecoderTest.sharp(2, 2, 0, 3, 1, 0, 3, 3);
        Transcript beam =
                new PrefixBeamSearchDecoder(LABELS, 0.25, BeamSearchConfig.acoustic(16)).decode(lp);
        assertThat(beam.text()).isEqualTo("ab b");
        assertThat(beam.words())
                .containsExactly(
                        new WordTiming("ab", 0, 4, 0.0, 1.0), new WordTiming("b", 6, 8, 1.5, 2.0));
        assertThat(beam.words()).isEqualTo(new GreedyCtcDecoder(LABELS, 0.25).decode(lp).words());
    }

    @Test
    void repeatedLettersNeedABlankBetweenThem() {
        // a _ a -> "aa"; a a -> "a": the beam must keep the two apart.
        float[][] lp = GreedyCtcDecoderTest.sharp(2, 0, 2);
        PrefixBeamSearchDecoder beam =
                new PrefixBeamSearchDecoder(LABELS, 0.02, BeamSearchConfig.acoustic(16));
        assertThat(beam.decode(lp).text()).isEqualTo("aa");
        assertThat(beam.decode(GreedyCtcDecoderTest.sharp(2, 2, 0)).text()).isEqualTo("a");
    }

    @Test
    void pruningSkipsLabelsBelowTheCutoff() {
        float[][] lp = bestPathIsNotBestLabelling();
        // 'a' (0.4) is below the cutoff at every frame, so only blanks are tried: the best path
        // again.
        BeamSearchConfig pruned =
                BeamSearchConfig.acoustic(8).withPruneLogProbability(Math.log(0.45));
        assertThat(new PrefixBeamSearchDecoder(LABELS, 0.02, pruned).decode(lp).text()).isEmpty();
        BeamSearchConfig loose =
                BeamSearchConfig.acoustic(8).withPruneLogProbability(Math.log(0.3));
        assertThat(new PrefixBeamSearchDecoder(LABELS, 0.02, loose).decode(lp).text())
                .isEqualTo("a");
    }

    @Test
    void noFramesGivesAnEmptyTranscript() {
        Transcript t =
                new PrefixBeamSearchDecoder(LABELS, 0.02, BeamSearchConfig.acoustic(4))
                        .decode(new float[0][]);
        assertThat(t.text()).isEmpty();
        assertThat(t.score()).isZero();
    }
}
