package io.asrwb.engine.decode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class GreedyCtcDecoderTest {

    // 0 blank, 1 space, 2 'a', 3 'b'
    static final CtcLabels LABELS = CtcLabels.of("_ ab");
    private static final int B = 0;
    private static final int SP = 1;
    private static final int A = 2;
    private static final int BB = 3;

    /** Each frame gives its chosen label 0.7 and the other three 0.1. */
    static float[][] sharp(int... path) {
        double[][] p = new double[path.length][4];
        for (int t = 0; t < path.length; t++) {
            java.util.Arrays.fill(p[t], 0.1);
            p[t][path[t]] = 0.7;
        }
        return CtcBruteForce.logOf(p);
    }

    @Test
    void collapsesRepeatsAndRemovesBlanks() {
        float[][] lp = sharp(A, A, B, A, BB, SP, B, BB, BB);
        Transcript t = new GreedyCtcDecoder(LABELS, 0.02).decode(lp);
        assertThat(t.text()).isEqualTo("aab b");
        assertThat(t.score()).isCloseTo(9 * Math.log(0.7), within(1e-5));
    }

    @Test
    void wordTimingsSpanFirstToLastFrameOfTheirCharacters() {
        float[][] lp = sharp(A, A, B, A, BB, SP, B, BB, BB);
        Transcript t = new GreedyCtcDecoder(LABELS, 0.02).decode(lp);
        assertThat(t.words()).hasSize(2);
        WordTiming first = t.words().get(0);
        assertThat(first.word()).isEqualTo("aab");
        assertThat(first.startFrame()).isZero();
        assertThat(first.endFrame()).isEqualTo(5); // 'b' at frame 4, end exclusive
        assertThat(first.startSec()).isZero();
        assertThat(first.endSec()).isCloseTo(0.10, within(1e-12));
        WordTiming second = t.words().get(1);
        assertThat(second.word()).isEqualTo("b");
        assertThat(second.startFrame()).isEqualTo(7);
        assertThat(second.endFrame()).isEqualTo(9);
        assertThat(second.startSec()).isCloseTo(0.14, within(1e-12));
        assertThat(second.endSec()).isCloseTo(0.18, within(1e-12));
    }

    @Test
    void leadingTrailingAndRepeatedSpacesDoNotReachTheText() {
        float[][] lp = sharp(SP, A, SP, B, SP, BB, SP);
        Transcript t = new GreedyCtcDecoder(LABELS, 0.01).decode(lp);
        assertThat(t.text()).isEqualTo("a b");
        assertThat(t.words()).extracting(WordTiming::word).containsExactly("a", "b");
    }

    @Test
    void decodesOnlyTheUtterancesOwnFramesOfAPaddedBatch() {
        float[][] lp = sharp(A, B, A, BB, BB, BB);
        GreedyCtcDecoder decoder = new GreedyCtcDecoder(LABELS, 0.02);
        assertThat(decoder.decode(lp, 3).text()).isEqualTo("aa");
        assertThat(decoder.decode(lp, 0).text()).isEmpty();
        assertThat(decoder.decode(lp, 0).words()).isEmpty();
    }

    @Test
    void refusesARowOfTheWrongWidthNamingTheFrame() {
        float[][] lp = {new float[4], new float[3]};
        assertThatThrownBy(() -> new GreedyCtcDecoder(LABELS, 0.02).decode(lp))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("frame 1 has 3")
                .hasMessageContaining("4 labels");
    }

    @Test
    void labelSetNeedsASpaceAndDistinctLabels() {
        assertThatThrownBy(() -> CtcLabels.of("_ab")).hasMessageContaining("needs a space");
        assertThatThrownBy(() -> CtcLabels.of("_ aa")).hasMessageContaining("appears twice");
        assertThatThrownBy(() -> CtcLabels.of(" ab")).hasMessageContaining("needs a space");
    }
}
