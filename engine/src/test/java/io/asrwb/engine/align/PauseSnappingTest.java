package io.asrwb.engine.align;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class PauseSnappingTest {

    @Test
    void wordEdgesMoveOntoThePausesBetweenAndAroundThem() {
        List<AlignedWord> path =
                List.of(
                        new AlignedWord("go", 0.0, 0.6, 0.9),
                        new AlignedWord("back", 0.7, 1.4, 0.8));
        List<Pause> pauses = List.of(new Pause(0, 0.2), new Pause(0.5, 0.8), new Pause(1.2, 1.5));

        assertThat(PauseSnapping.snap(path, pauses, 1.5))
                .containsExactly(
                        new AlignedWord("go", 0.2, 0.5, 0.9),
                        new AlignedWord("back", 0.8, 1.2, 0.8));
    }

    /**
     * A fast clip with no pause between its words (demo corpus, "turn right" in 0.85 s): the
     * trailing silence bounds the last word only; it must not be taken for the gap between them.
     */
    @Test
    void theTrailingSilenceIsNeverAnInnerGap() {
        List<AlignedWord> path =
                List.of(
                        new AlignedWord("turn", 0.06, 0.69, 0.9),
                        new AlignedWord("right", 0.72, 0.87, 0.9));
        List<Pause> pauses = List.of(new Pause(0, 0.08), new Pause(0.76, 0.84));

        List<AlignedWord> snapped = PauseSnapping.snap(path, pauses, 0.84);

        assertThat(snapped.get(0)).isEqualTo(new AlignedWord("turn", 0.08, 0.69, 0.9));
        assertThat(snapped.get(1)).isEqualTo(new AlignedWord("right", 0.72, 0.76, 0.9));
    }

    @Test
    void wordsWithoutPausesKeepThePathsSpans() {
        List<AlignedWord> path =
                List.of(new AlignedWord("one", 0.1, 0.4, 1), new AlignedWord("two", 0.4, 0.9, 1));

        assertThat(PauseSnapping.snap(path, List.of(), 1.0)).isEqualTo(path);
    }

    @Test
    void pausesAreFoundInAudio() {
        int rate = 16000;
        float[] samples = new float[rate]; // 1 s: silence, 0.3 s of tone from 0.2 s, silence
        for (int i = (int) (0.2 * rate); i < (int) (0.5 * rate); i++) {
            samples[i] = (float) (0.3 * Math.sin(2 * Math.PI * 220 * i / rate));
        }

        assertThat(Pauses.of(samples, rate))
                .containsExactly(new Pause(0, 0.2), new Pause(0.5, 1.0));
    }
}
