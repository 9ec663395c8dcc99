package io.asrwb.engine.decode;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The open-ended Viterbi path: as much of a labelling as the frames hold, where they hold it. */
class CtcPrefixAlignmentTest {

    private static final float SURE = (float) Math.log(0.97);
    private static final float UNSURE = (float) Math.log(0.01);

    @Test
    void aLabellingLongerThanTheAudioIsPlacedAsFarAsTheAudioGoes() {
        // frames say: blank, 1, 1, blank, 2, blank; the labelling goes on with 3 and 1
        float[][] lp = frames(0, 1, 1, 0, 2, 0);
        List<LabelSpan> spans = CtcAlignment.alignPrefix(lp, lp.length, new int[] {1, 2, 3, 1});
        assertThat(spans).containsExactly(new LabelSpan(1, 1, 2), new LabelSpan(2, 4, 4));
    }

    @Test
    void aLabellingThatFitsIsPlacedAsTheClosedPathPlacesIt() {
        float[][] lp = frames(0, 1, 0, 2, 2, 0, 3);
        int[] labels = {1, 2, 3};
        assertThat(CtcAlignment.alignPrefix(lp, lp.length, labels))
                .isEqualTo(CtcAlignment.align(lp, lp.length, labels));
    }

    @Test
    void silenceOnlyPlacesNothing() {
        float[][] lp = frames(0, 0, 0);
        assertThat(CtcAlignment.alignPrefix(lp, lp.length, new int[] {1, 2})).isEmpty();
    }

    /** One frame per given label, that label sure and every other one of 4 unlikely. */
    private static float[][] frames(int... best) {
        float[][] lp = new float[best.length][4];
        for (int t = 0; t < best.length; t++) {
            for (int k = 0; k < 4; k++) {
                lp[t][k] = k == best[t] ? SURE : UNSURE;
            }
        }
        return lp;
    }
}
