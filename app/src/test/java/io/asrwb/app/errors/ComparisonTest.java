package io.asrwb.app.errors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.asrwb.engine.analysis.Change;
import io.asrwb.engine.analysis.ScoredUtterance;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Pairing A and B by utterance, the change of each and the bootstrap on hand-made scores. */
class ComparisonTest {

    private static ScoredUtterance u(String id, String ref, String hyp) {
        return ScoredUtterance.of(id, "s", 1.0, "", ref, hyp, 0);
    }

    @Test
    void aBThatBreaksManyUtterancesIsASignificantRegressionListedFirst() {
        List<ScoredUtterance> a = new ArrayList<>();
        List<ScoredUtterance> b = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            a.add(u("u" + i, "turn left now", "turn left now"));
            b.add(u("u" + i, "turn left now", i < 30 ? "turn lift now" : "turn left now"));
        }
        a.add(u("better", "stop here", "stop hear"));
        b.add(u("better", "stop here", "stop here"));
        b.add(u("only-in-b", "go", "go"));

        Comparison c = Comparison.of(a, b);

        assertThat(c.rows()).hasSize(41);
        assertThat(c.count(Change.REGRESSED)).isEqualTo(30);
        assertThat(c.count(Change.IMPROVED)).isEqualTo(1);
        assertThat(c.count(Change.UNCHANGED)).isEqualTo(10);
        assertThat(c.rows().get(0).change()).isEqualTo(Change.REGRESSED);
        assertThat(c.rows().get(30).id()).isEqualTo("better");
        assertThat(c.werA()).isEqualTo(1.0 / 122);
        assertThat(c.werB()).isEqualTo(30.0 / 122);
        assertThat(c.bootstrap().delta()).isEqualTo(29.0 / 122);
        assertThat(c.bootstrap().significant()).isTrue();
        assertThat(c.bootstrap().low()).isPositive();
    }

    @Test
    void theSameHypothesesChangeNothingAndAreNotSignificant() {
        List<ScoredUtterance> a = List.of(u("x", "a b", "a c"), u("y", "c d", "c d"));

        Comparison c = Comparison.of(a, a);

        assertThat(c.count(Change.UNCHANGED)).isEqualTo(2);
        assertThat(c.bootstrap().delta()).isZero();
        assertThat(c.bootstrap().significant()).isFalse();
    }

    @Test
    void noSharedUtteranceIsOneClearError() {
        assertThatThrownBy(
                        () -> Comparison.of(List.of(u("x", "a", "a")), List.of(u("y", "a", "a"))))
                .hasMessage("A and B scored no utterance both");
    }
}
