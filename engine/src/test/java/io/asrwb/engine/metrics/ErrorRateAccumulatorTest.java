package io.asrwb.engine.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class ErrorRateAccumulatorTest {

    @Test
    void corpusRateDividesSummedErrorsOnceNotTheMeanOfUtteranceRates() {
        ErrorRateAccumulator acc = new ErrorRateAccumulator();
        // 1 word, 1 error -> WER 1.0; 9 words, 0 errors -> WER 0.0.
        UtteranceErrors shortOne = acc.add("stop", "top");
        UtteranceErrors longOne =
                acc.add(
                        "go forward ten meters then turn left and stop",
                        "go forward ten meters then turn left and stop");
        assertThat(shortOne.wer()).isEqualTo(1.0);
        assertThat(longOne.wer()).isZero();

        CorpusErrorRates corpus = acc.snapshot();
        assertThat(corpus.utterances()).isEqualTo(2);
        assertThat(corpus.wer()).isEqualTo(1.0 / 10); // corpus: 1 error / 10 words
        assertThat((shortOne.wer() + longOne.wer()) / 2).isEqualTo(0.5); // mean: not what we report
        // "stop" vs "top": one deletion over 4 + 45 characters (spaces counted).
        assertThat(shortOne.cer()).isEqualTo(0.25);
        assertThat(corpus.cer()).isCloseTo(1.0 / 49, within(1e-12));
    }

    @Test
    void spacesCanBeIgnoredForCerLikeDeepspeechPytorch() {
        ErrorRateAccumulator counted = new ErrorRateAccumulator(SpaceHandling.COUNTED);
        ErrorRateAccumulator ignored = new ErrorRateAccumulator(SpaceHandling.IGNORED);
        UtteranceErrors withSpaces = counted.add("turn left", "turnleft");
        UtteranceErrors withoutSpaces = ignored.add("turn left", "turnleft");
        assertThat(withSpaces.characters()).isEqualTo(new EditCounts(0, 1, 0, 9));
        assertThat(withoutSpaces.characters()).isEqualTo(new EditCounts(0, 0, 0, 8));
        assertThat(withoutSpaces.wer()).isEqualTo(1.0); // two words became one: S + D
    }

    @Test
    void emptyReferenceAndHypothesisEdgeCases() {
        ErrorRateAccumulator acc = new ErrorRateAccumulator();
        assertThat(acc.snapshot().wer()).isZero();
        UtteranceErrors bothEmpty = acc.add("", "");
        assertThat(bothEmpty.wer()).isZero();
        assertThat(bothEmpty.cer()).isZero();
        UtteranceErrors spurious = acc.add("", "no");
        assertThat(spurious.words()).isEqualTo(new EditCounts(0, 0, 1, 0));
        assertThat(spurious.wer()).isEqualTo(1.0);
        assertThat(spurious.cer()).isEqualTo(2.0);
        UtteranceErrors silent = acc.add("yes", "");
        assertThat(silent.wer()).isEqualTo(1.0);
        assertThat(silent.characters()).isEqualTo(new EditCounts(0, 3, 0, 3));
        // Corpus: words 1 insertion + 1 deletion over 1 reference word.
        assertThat(acc.snapshot().wer()).isEqualTo(2.0);
        assertThat(acc.snapshot().cer()).isEqualTo(5.0 / 3);
    }

    @Test
    void concurrentAddsAndMergesLoseNothing() throws Exception {
        ErrorRateAccumulator shared = new ErrorRateAccumulator();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<ErrorRateAccumulator>> futures = new ArrayList<>();
            for (int worker = 0; worker < 4; worker++) {
                futures.add(
                        pool.submit(
                                () -> {
                                    ErrorRateAccumulator own = new ErrorRateAccumulator();
                                    for (int i = 0; i < 500; i++) {
                                        shared.add("one two three", "one too three");
                                        own.add("four five", "four");
                                    }
                                    return own;
                                }));
            }
            ErrorRateAccumulator merged = new ErrorRateAccumulator();
            for (Future<ErrorRateAccumulator> f : futures) {
                merged.merge(f.get());
            }
            merged.merge(shared);
            CorpusErrorRates total = merged.snapshot();
            assertThat(total.utterances()).isEqualTo(4000);
            assertThat(total.words()).isEqualTo(new EditCounts(2000, 2000, 0, 2000 * 3 + 2000 * 2));
            assertThat(total.wer()).isEqualTo(4000.0 / 10000);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void refusesToMergeDifferentSpaceHandlingOrItself() {
        ErrorRateAccumulator counted = new ErrorRateAccumulator(SpaceHandling.COUNTED);
        assertThatThrownBy(() -> counted.merge(new ErrorRateAccumulator(SpaceHandling.IGNORED)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("IGNORED");
        assertThatThrownBy(() -> counted.merge(counted))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
