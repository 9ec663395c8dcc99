package io.asrwb.engine.decode.lm.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.asrwb.engine.decode.lm.ArpaLanguageModel;
import io.asrwb.engine.decode.lm.ArpaReader;
import io.asrwb.engine.decode.lm.LanguageModel;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Interpolated modified Kneser-Ney against a bigram model worked out by hand, then pruning, and
 * the properties every model must have (each context's distribution sums to 1, no n-gram without
 * its prefix and suffix) on a larger generated text, all read back through {@link ArpaReader}.
 *
 * <p>The hand computation, for the five sentences of {@link #CORPUS} (order 2):
 *
 * <pre>
 * padded: &lt;s&gt; b c c &lt;/s&gt; | &lt;s&gt; c &lt;/s&gt; | &lt;s&gt; b b a &lt;/s&gt; | &lt;s&gt; b b &lt;/s&gt; | &lt;s&gt; b a c &lt;/s&gt;
 *
 * bigrams (highest order: adjusted count = raw count)
 *   &lt;s&gt; b 4   &lt;s&gt; c 1   b c 1   b b 2   b a 2   b &lt;/s&gt; 1   c c 1   c &lt;/s&gt; 3   a &lt;/s&gt; 1   a c 1
 *   count-of-counts t1 = 6, t2 = 2, t3 = 1, t4 = 1;  Y = t1/(t1+2·t2) = 6/10 = 3/5
 *   D1 = 1 − 2·Y·t2/t1 = 1 − 2/5 = 3/5;  D2 = 2 − 3·Y·t3/t2 = 2 − 9/10 = 11/10;
 *   D3+ = 3 − 4·Y·t4/t3 = 3 − 12/5 = 3/5
 *
 * unigrams (adjusted count = number of distinct words before it)
 *   a: {b} → 1   b: {&lt;s&gt;, b} → 2   &lt;/s&gt;: {a, b, c} → 3   c: {&lt;s&gt;, b, a, c} → 4;   A = 10
 *   t1..t4 = 1, 1, 1, 1;  Y = 1/3;  D1 = 1/3, D2 = 1, D3+ = 5/3
 *   γ() = (1/3 + 1 + 5/3 + 5/3)/10 = 7/15;  vocabulary {a, b, c, &lt;/s&gt;, &lt;unk&gt;}: uniform 1/5
 *   p(a) = (1 − 1/3)/10 + 7/15·1/5 = 4/25       p(b) = (2 − 1)/10 + 7/75 = 29/150
 *   p(&lt;/s&gt;) = (3 − 5/3)/10 + 7/75 = 17/75   p(c) = (4 − 5/3)/10 + 7/75 = 49/150
 *   p(&lt;unk&gt;) = 7/75;   sum = (24 + 29 + 34 + 49 + 14)/150 = 1
 *
 * bigram probabilities p(w|h) = (a − D(a))/A(h) + γ(h)·p(w); γ(h) is h's back-off weight
 *   &lt;s&gt;: A = 5, γ = (3/5 + 3/5)/5 = 6/25
 *     p(b|&lt;s&gt;) = (4 − 3/5)/5 + 6/25·29/150 = 454/625    p(c|&lt;s&gt;) = (1 − 3/5)/5 + 6/25·49/150 = 99/625
 *   a: A = 2, γ = (3/5 + 3/5)/2 = 3/5
 *     p(&lt;/s&gt;|a) = (1 − 3/5)/2 + 3/5·17/75 = 42/125    p(c|a) = 1/5 + 3/5·49/150 = 99/250
 *   b: A = 6, γ = (3/5 + 11/10 + 11/10 + 3/5)/6 = 17/30
 *     p(a|b) = (2 − 11/10)/6 + 17/30·4/25 = 361/1500  p(b|b) = 3/20 + 17/30·29/150 = 292/1125
 *     p(c|b) = (1 − 3/5)/6 + 17/30·49/150 = 1133/4500 p(&lt;/s&gt;|b) = 1/15 + 17/30·17/75 = 439/2250
 *   c: A = 4, γ = (3/5 + 3/5)/4 = 3/10
 *     p(&lt;/s&gt;|c) = (3 − 3/5)/4 + 3/10·17/75 = 167/250  p(c|c) = (1 − 3/5)/4 + 3/10·49/150 = 99/500
 *   an unseen pair backs off: p(a|c) = γ(c)·p(a) = 3/10·4/25 = 6/125
 *
 * pruned with 0,1 (bigrams seen once go; their whole adjusted count moves into γ):
 *   kept &lt;s&gt; b, b b, b a, c &lt;/s&gt;; discounts and unigrams unchanged
 *   &lt;s&gt;: γ = (3/5 + 1)/5 = 8/25    p(b|&lt;s&gt;) = 17/25 + 8/25·29/150 = 1391/1875
 *   b: γ = (11/10 + 11/10 + 1 + 1)/6 = 7/10   p(a|b) = 3/20 + 7/10·4/25 = 131/500
 *   c: γ = (3/5 + 1)/4 = 2/5         p(&lt;/s&gt;|c) = 3/5 + 2/5·17/75 = 259/375
 *   a: every bigram pruned, γ = (1 + 1)/2 = 1 (back-off weight log10 1 = 0)
 * </pre>
 *
 * The fractions above were also checked with an independent few-line script using exact
 * rational arithmetic while writing this test.
 */
class KneserNeyEstimatorTest {

    static final List<String> CORPUS = List.of("b c c", "c", "b b a", "b b", "b a c");

    private static final double EPS = 2e-6; // ARPA keeps 7 significant digits, read as float

    @Test
    void bigramModelMatchesTheHandComputation() throws IOException {
        NgramModel model = estimate(CORPUS, 2, PruneThresholds.NONE);

        assertDiscounts(model.discounts().get(1), 3 / 5.0, 11 / 10.0, 3 / 5.0);
        assertDiscounts(model.discounts().get(0), 1 / 3.0, 1.0, 5 / 3.0);

        ArpaLanguageModel lm = roundTrip(model);
        assertThat(lm.count(1)).isEqualTo(6); // a b c </s> <unk> <s>
        assertThat(lm.count(2)).isEqualTo(10);
        assertProbability(lm, List.of(), "a", 4 / 25.0);
        assertProbability(lm, List.of(), "b", 29 / 150.0);
        assertProbability(lm, List.of(), "</s>", 17 / 75.0);
        assertProbability(lm, List.of(), "c", 49 / 150.0);
        assertProbability(lm, List.of(), "<unk>", 7 / 75.0);
        assertProbability(lm, List.of("<s>"), "b", 454 / 625.0);
        assertProbability(lm, List.of("<s>"), "c", 99 / 625.0);
        assertProbability(lm, List.of("a"), "</s>", 42 / 125.0);
        assertProbability(lm, List.of("a"), "c", 99 / 250.0);
        assertProbability(lm, List.of("b"), "a", 361 / 1500.0);
        assertProbability(lm, List.of("b"), "b", 292 / 1125.0);
        assertProbability(lm, List.of("b"), "c", 1133 / 4500.0);
        assertProbability(lm, List.of("b"), "</s>", 439 / 2250.0);
        assertProbability(lm, List.of("c"), "</s>", 167 / 250.0);
        assertProbability(lm, List.of("c"), "c", 99 / 500.0);
        assertProbability(lm, List.of("c"), "a", 6 / 125.0); // backed off: γ(c)·p(a)
        assertProbability(lm, List.of("zebra"), "a", 4 / 25.0); // unknown context: the unigram

        assertBackoff(model, "<s>", 6 / 25.0);
        assertBackoff(model, "a", 3 / 5.0);
        assertBackoff(model, "b", 17 / 30.0);
        assertBackoff(model, "c", 3 / 10.0);
        assertThat(model.get("<s>").log10Probability()).isEqualTo(-99);
        assertThat(model.get("</s>").hasBackoff()).isFalse();
        assertEveryContextSumsToOne(model, lm);
    }

    @Test
    void pruningMovesThePrunedMassIntoTheBackoffAndKeepsTheModelNormalised() throws IOException {
        NgramModel model = estimate(CORPUS, 2, new PruneThresholds(List.of(0L, 1L)));

        assertThat(model.byOrder().get(1).keySet())
                .containsExactly("<s> b", "b a", "b b", "c </s>");
        assertDiscounts(model.discounts().get(1), 3 / 5.0, 11 / 10.0, 3 / 5.0);
        ArpaLanguageModel lm = roundTrip(model);
        assertProbability(lm, List.of(), "c", 49 / 150.0);
        assertProbability(lm, List.of("<s>"), "b", 1391 / 1875.0);
        assertProbability(lm, List.of("<s>"), "c", 8 / 25.0 * 49 / 150.0);
        assertProbability(lm, List.of("b"), "a", 131 / 500.0);
        assertProbability(lm, List.of("b"), "c", 7 / 10.0 * 49 / 150.0);
        assertProbability(lm, List.of("c"), "</s>", 259 / 375.0);
        assertProbability(lm, List.of("a"), "c", 49 / 150.0);
        assertBackoff(model, "a", 1.0);
        assertEveryContextSumsToOne(model, lm);
    }

    @Test
    void aTrigramModelOfALargerTextIsNormalisedAndClosedUnderPrefixAndSuffix() throws IOException {
        List<String> text = generatedSentences(400, 7);
        for (PruneThresholds prune :
                List.of(
                        PruneThresholds.NONE,
                        new PruneThresholds(List.of(0L, 0L, 1L)),
                        new PruneThresholds(List.of(0L, 1L, 2L)))) {
            NgramModel model = estimate(text, 3, prune);
            assertThat(model.discounts().get(2).fallback()).isFalse();
            for (int n = 2; n <= 3; n++) {
                for (String ngram : model.byOrder().get(n - 1).keySet()) {
                    String prefix = KneserNeyEstimator.context(ngram);
                    String suffix = KneserNeyEstimator.suffix(ngram);
                    assertThat(model.get(prefix)).as("prefix of " + ngram).isNotNull();
                    assertThat(model.get(prefix).hasBackoff()).as("back-off of " + prefix).isTrue();
                    assertThat(model.get(suffix)).as("suffix of " + ngram).isNotNull();
                }
            }
            assertEveryContextSumsToOne(model, roundTrip(model));
        }
        NgramModel full = estimate(text, 3, PruneThresholds.NONE);
        NgramModel pruned = estimate(text, 3, new PruneThresholds(List.of(0L, 1L, 2L)));
        assertThat(pruned.count(3)).isLessThan(full.count(3));
        assertThat(pruned.count(2)).isLessThan(full.count(2));
        assertThat(pruned.count(1)).isEqualTo(full.count(1));
    }

    @Test
    void aUnigramModelIsTheInterpolatedUnigramDistribution() throws IOException {
        NgramModel model = estimate(CORPUS, 1, PruneThresholds.NONE);
        ArpaLanguageModel lm = roundTrip(model);
        // order 1 is the highest order: adjusted counts are raw (b 6, c 4, </s> 5, a 2; 17 in all)
        assertThat(lm.order()).isEqualTo(1);
        assertThat(model.get("<s>").hasBackoff()).isFalse();
        assertEveryContextSumsToOne(model, lm);
    }

    @Test
    void aFileNamedGzIsWrittenCompressedAndReadsBackTheSame(@TempDir Path dir) throws IOException {
        NgramModel model = estimate(CORPUS, 2, PruneThresholds.NONE);
        Path plain = dir.resolve("lm.arpa");
        Path gz = dir.resolve("lm.arpa.gz");
        ArpaWriter.write(model, plain);
        ArpaWriter.write(model, gz);
        assertThat(Files.readString(plain)).startsWith("\\data\\\nngram 1=6\nngram 2=10\n");
        try (InputStream in = new GZIPInputStream(Files.newInputStream(gz))) {
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8))
                    .isEqualTo(Files.readString(plain));
        }
        assertProbability(ArpaReader.read(gz), List.of("b"), "a", 361 / 1500.0);
        try (var files = Files.list(dir)) {
            assertThat(files).hasSize(2); // no temporary file left behind
        }
    }

    @Test
    void tinyTextsFallBackToLmplzDiscounts() {
        NgramModel model = estimate(List.of("go left", "go right"), 2, PruneThresholds.NONE);
        assertThat(model.discounts().get(1)).isEqualTo(Discounts.FALLBACK);
    }

    static NgramModel estimate(List<String> sentences, int order, PruneThresholds prune) {
        NgramCounts counts = new NgramCounts(order);
        sentences.forEach(counts::addText);
        return KneserNeyEstimator.estimate(counts, prune);
    }

    static ArpaLanguageModel roundTrip(NgramModel model) throws IOException {
        StringWriter arpa = new StringWriter();
        ArpaWriter.write(model, arpa);
        return ArpaReader.read(new BufferedReader(new StringReader(arpa.toString())), "built.arpa");
    }

    /** Sentences of a little command grammar, seeded: enough text for real count-of-counts. */
    static List<String> generatedSentences(int count, long seed) {
        Random random = new Random(seed);
        String[] verbs = {"go", "turn", "stop", "wait", "move"};
        String[] directions = {"left", "right", "forward", "back", "up"};
        String[] numbers = {"one", "two", "three", "five", "ten", "twenty"};
        String[] units = {"meters", "seconds", "steps"};
        List<String> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            StringBuilder s = new StringBuilder(verbs[random.nextInt(verbs.length)]);
            if (random.nextInt(4) > 0) {
                s.append(' ').append(directions[random.nextInt(directions.length)]);
            }
            if (random.nextBoolean()) {
                s.append(' ').append(numbers[random.nextInt(numbers.length)]);
                if (random.nextBoolean()) {
                    s.append(' ').append(numbers[random.nextInt(numbers.length)]);
                }
                s.append(' ').append(units[random.nextInt(units.length)]);
            }
            out.add(s.toString());
        }
        return out;
    }

    private static void assertDiscounts(Discounts d, double d1, double d2, double d3Plus) {
        assertThat(d.fallback()).isFalse();
        assertThat(d.d1()).isCloseTo(d1, within(1e-12));
        assertThat(d.d2()).isCloseTo(d2, within(1e-12));
        assertThat(d.d3Plus()).isCloseTo(d3Plus, within(1e-12));
    }

    private static void assertProbability(
            LanguageModel lm, List<String> history, String word, double expected) {
        assertThat(Math.pow(10, lm.log10Probability(history, word)))
                .as("p(%s | %s)", word, history)
                .isCloseTo(expected, within(EPS));
    }

    private static void assertBackoff(NgramModel model, String context, double gamma) {
        assertThat(Math.pow(10, model.get(context).log10Backoff()))
                .as("γ(%s)", context)
                .isCloseTo(gamma, within(1e-12));
    }

    /**
     * Σ over the vocabulary (every unigram but {@code <s>}) of p(w | h) = 1 for the empty context
     * and every context the model holds, scored by the reader's back-off model.
     */
    static void assertEveryContextSumsToOne(NgramModel model, LanguageModel lm) {
        List<String> vocabulary =
                model.byOrder().get(0).keySet().stream()
                        .filter(w -> !w.equals(LanguageModel.SENTENCE_START))
                        .toList();
        List<List<String>> contexts = new ArrayList<>();
        contexts.add(List.of());
        for (int n = 1; n < model.order(); n++) {
            for (Map.Entry<String, NgramModel.Entry> e : model.byOrder().get(n - 1).entrySet()) {
                if (!e.getKey().endsWith(LanguageModel.SENTENCE_END)) {
                    contexts.add(List.of(e.getKey().split(" ")));
                }
            }
        }
        for (List<String> h : contexts) {
            double sum = 0;
            for (String w : vocabulary) {
                sum += Math.pow(10, lm.log10Probability(h, w));
            }
            assertThat(sum).as("Σ p(w | %s)", h).isCloseTo(1.0, within(2e-5));
        }
    }
}
