package io.asrwb.engine.segment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.asrwb.engine.align.AlignedWord;
import io.asrwb.engine.data.Split;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Placed words into cuts and rejected spans, with hand-made timings. */
class UtteranceCutterTest {

    private final UtteranceCutter cutter =
            new UtteranceCutter(new SegmentOptions(4, 0.5, Split.TRAIN, ""));

    @Test
    void cutsAtTheLongestPauseThatFitsAndPadsIntoTheSilence() {
        List<AlignedWord> words =
                List.of(
                        word("one", 1.0, 1.4, 0.9),
                        word("two", 1.5, 1.9, 0.9),
                        // the longest pause: 1.9 .. 2.8
                        word("three", 2.8, 3.2, 0.9),
                        word("four", 3.3, 3.7, 0.9),
                        word("five", 3.8, 4.2, 0.9),
                        word("six", 4.3, 4.7, 0.9));
        SegmentPlan plan = cutter.cut(words, List.of(), List.of(), 10);

        assertThat(plan.cuts())
                .extracting(Cut::text)
                .containsExactly("one two", "three four five six");
        assertThat(plan.cuts().get(0).startSeconds()).isCloseTo(0.85, within(1e-9));
        assertThat(plan.cuts().get(0).endSeconds()).isCloseTo(2.05, within(1e-9));
        assertThat(plan.cuts()).allSatisfy(c -> assertThat(c.seconds()).isLessThanOrEqualTo(4));
        assertThat(plan.rejected()).isEmpty();
    }

    @Test
    void lowConfidenceWordsAndUnplacedTextAreRejectedWithWhy() {
        List<AlignedWord> words =
                List.of(
                        word("one", 1.0, 1.4, 0.9),
                        word("zebra", 1.5, 1.6, 0.1),
                        word("quantum", 1.6, 1.7, 0.2),
                        word("two", 2.5, 2.9, 0.9));
        SegmentPlan plan = cutter.cut(words, List.of(), List.of("seven", "eight"), 5);

        assertThat(plan.cuts()).extracting(Cut::text).containsExactly("one", "two");
        assertThat(plan.rejected()).hasSize(2);
        RejectedSpan bad = plan.rejected().get(0);
        assertThat(bad.text()).isEqualTo("zebra quantum");
        assertThat(bad.startSeconds()).isEqualTo(1.5);
        assertThat(bad.endSeconds()).isEqualTo(1.7);
        assertThat(bad.reason()).contains("confidence 0.15").contains("below 0.50");
        assertThat(plan.rejected().get(1).text()).isEqualTo("seven eight");
        assertThat(plan.rejected().get(1).reason()).contains("found no audio");
        // the good cuts keep clear of the rejected words' audio
        assertThat(plan.cuts().get(0).endSeconds()).isLessThanOrEqualTo(1.5);
        assertThat(plan.cuts().get(1).startSeconds()).isGreaterThanOrEqualTo(1.7);
    }

    private static AlignedWord word(String w, double start, double end, double confidence) {
        return new AlignedWord(w, start, end, confidence);
    }
}
