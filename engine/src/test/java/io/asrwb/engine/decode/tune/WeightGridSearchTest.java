package io.asrwb.engine.decode.tune;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.decode.BeamSearchConfig;
import io.asrwb.engine.decode.CtcLabels;
import io.asrwb.engine.decode.PrefixBeamSearchDecoder;
import io.asrwb.engine.decode.lm.ArpaReader;
import io.asrwb.engine.decode.lm.LanguageModel;
import io.asrwb.engine.decode.lm.build.ArpaWriter;
import io.asrwb.engine.decode.lm.build.KneserNeyEstimator;
import io.asrwb.engine.decode.lm.build.NgramCounts;
import io.asrwb.engine.decode.lm.build.PruneThresholds;
import io.asrwb.engine.metrics.TextNormaliser;
import io.asrwb.engine.metrics.TextNormaliserConfig;
import java.io.BufferedReader;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The grid on acoustically ambiguous utterances: the LM weight decides between a word it knows
 * and a near-homophone it does not, the surface has every point in order, the best point is its
 * minimum, and threads do not change a number.
 */
class WeightGridSearchTest {

    // 0 blank, 1 space, 2 a, 3 c, 4 o, 5 t
    private static final CtcLabels LABELS = CtcLabels.of("_ acot");

    @Test
    void theLanguageModelWeightFixesWhatTheAcousticsGetWrongAndThreadsChangeNothing()
            throws Exception {
        LanguageModel lm = languageModel();
        List<ScoredUtterance> utterances = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            utterances.add(new ScoredUtterance("u" + i, "cat", catOrCot(0.40 - 0.01 * i)));
        }
        List<Double> alphas = List.of(0.0, 0.5, 2.0);
        List<Double> betas = List.of(0.0, 1.0);
        TextNormaliser normaliser = new TextNormaliser(TextNormaliserConfig.identity());

        List<GridPoint> one =
                WeightGridSearch.run(
                        utterances, alphas, betas, (a, b) -> decoder(lm, a, b), normaliser, 1);
        List<GridPoint> two =
                WeightGridSearch.run(
                        utterances, alphas, betas, (a, b) -> decoder(lm, a, b), normaliser, 2);

        assertThat(two).isEqualTo(one);
        assertThat(one)
                .extracting(p -> p.alpha() + "/" + p.beta())
                .containsExactly("0.0/0.0", "0.0/1.0", "0.5/0.0", "0.5/1.0", "2.0/0.0", "2.0/1.0");
        assertThat(one.get(0).wer()).as("acoustics alone spell 'cot'").isEqualTo(1.0);
        assertThat(one.get(4).wer()).as("a strong LM turns every one into 'cat'").isZero();
        GridPoint best = WeightGridSearch.best(one);
        assertThat(best.wer())
                .isEqualTo(one.stream().mapToDouble(GridPoint::wer).min().orElseThrow());
        assertThat(best.alpha()).as("ties go to the smaller α").isLessThanOrEqualTo(2.0);
    }

    private static PrefixBeamSearchDecoder decoder(LanguageModel lm, double alpha, double beta) {
        return new PrefixBeamSearchDecoder(
                LABELS, 0.02, BeamSearchConfig.withLanguageModel(8, alpha, beta), lm);
    }

    /** "c", then 'o' a little ahead of 'a', then "t". */
    private static float[][] catOrCot(double a) {
        double o = 0.83 - a;
        double[][] p = {
            {0.05, 0.01, 0.01, 0.90, 0.02, 0.01},
            {0.14, 0.01, a, 0.01, o, 0.01},
            {0.05, 0.01, 0.01, 0.01, 0.02, 0.90},
        };
        float[][] out = new float[p.length][];
        for (int t = 0; t < p.length; t++) {
            out[t] = new float[p[t].length];
            for (int k = 0; k < p[t].length; k++) {
                out[t][k] = (float) Math.log(p[t][k]);
            }
        }
        return out;
    }

    private static LanguageModel languageModel() throws Exception {
        NgramCounts counts = new NgramCounts(2);
        for (String s : List.of("cat", "a cat", "the cat sat", "cat", "a cat sat")) {
            counts.addText(s);
        }
        StringWriter arpa = new StringWriter();
        ArpaWriter.write(KneserNeyEstimator.estimate(counts, PruneThresholds.NONE), arpa);
        return ArpaReader.read(new BufferedReader(new StringReader(arpa.toString())), "cat.arpa");
    }
}
