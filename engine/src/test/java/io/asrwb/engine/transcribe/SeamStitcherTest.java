package io.asrwb.engine.transcribe;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.decode.WordTiming;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Words of overlapping windows joined at the seams: a file's words (frames from its start) are
 * cut into windows as the transcriber cuts them, each window seeing the words that lie in it, and
 * the stitched text must be the file's words, each once.
 */
class SeamStitcherTest {

    private record FileWord(String word, int start, int end) {}

    private final List<Segment> segments = new ArrayList<>();
    private final SeamStitcher stitcher = new SeamStitcher(0.02, String::strip, segments::add);

    @Test
    void wordsInTheOverlapAreSaidOnceAndNoneIsLost() {
        List<FileWord> words = new ArrayList<>();
        // A word every 30 frames, 20 frames long: gaps of 10 frames everywhere.
        for (int i = 0; i < 100; i++) {
            words.add(new FileWord("w" + i, 30 * i, 30 * i + 20));
        }
        feed(words, 3000, 400, 100);

        assertThat(text()).isEqualTo(String.join(" ", words.stream().map(FileWord::word).toList()));
        assertTiles(3000);
    }

    @Test
    void theSeamFallsInAPauseNearTheOverlapsMiddle() {
        // Window 0: 0..400, window 1 starts at 300: overlap 300..400, middle 350; a word runs
        // 330..365,
        // the pause after it is where the cut goes.
        List<FileWord> words =
                List.of(
                        new FileWord("before", 250, 290),
                        new FileWord("across", 330, 365),
                        new FileWord("after", 380, 420));
        feed(words, 600, 400, 300);
        assertThat(text()).isEqualTo("before across after");
        assertThat(segments.get(0).endSeconds())
                .isEqualTo(365 * 0.02, org.assertj.core.api.Assertions.within(1e-9));
    }

    @Test
    void aWindowEdgeGarbleIsCutAway() {
        // The first window hears the last word cut off at its edge ("wor"), the second hears it
        // whole;
        // the first hears the first word whole, the second only its tail ("ord"): both garbles lie
        // beyond the seam and are dropped.
        stitcher.add(0, 400, List.of(w("first", 300, 330), w("wor", 380, 400)));
        stitcher.add(300, 400, List.of(w("ord", 0, 30), w("word", 80, 120)));
        stitcher.finish(14);
        assertThat(text()).isEqualTo("first word");
    }

    @Test
    void withoutAPauseEachWordGoesToTheSideOfItsCentre() {
        // Words run across every frame of the overlap in both windows (no common pause).
        stitcher.add(0, 400, List.of(w("a", 280, 345), w("b", 345, 400)));
        stitcher.add(300, 400, List.of(w("a", 0, 48), w("b", 48, 98), w("c", 98, 150)));
        stitcher.finish(14);
        assertThat(text()).isEqualTo("a b c");
    }

    @Test
    void silentStretchesGiveEmptySegmentsThatStillTile() {
        stitcher.add(0, 400, List.of());
        stitcher.add(300, 400, List.of(w("late", 200, 240)));
        stitcher.finish(14);
        assertThat(segments).extracting(Segment::text).containsExactly("", "late");
        assertTiles(700);
    }

    private static WordTiming w(String word, int start, int end) {
        return new WordTiming(word, start, end, start * 0.02, end * 0.02);
    }

    /** Cuts the file's words into windows of {@code length} frames every {@code hop} frames. */
    private void feed(List<FileWord> words, int fileFrames, int length, int hop) {
        for (int first = 0; ; first += hop) {
            int end = Math.min(fileFrames, first + length);
            List<WordTiming> seen = new ArrayList<>();
            for (FileWord fw : words) {
                if (fw.start() >= first && fw.end() <= end) {
                    seen.add(w(fw.word(), fw.start() - first, fw.end() - first));
                }
            }
            stitcher.add(first, end - first, seen);
            if (end == fileFrames) {
                break;
            }
        }
        stitcher.finish(fileFrames * 0.02);
    }

    private String text() {
        return String.join(
                " ", segments.stream().map(Segment::text).filter(t -> !t.isEmpty()).toList());
    }

    private void assertTiles(int fileFrames) {
        assertThat(segments.get(0).startSeconds()).isZero();
        for (int i = 1; i < segments.size(); i++) {
            assertThat(segments.get(i).startSeconds()).isEqualTo(segments.get(i - 1).endSeconds());
        }
        assertThat(segments.get(segments.size() - 1).endSeconds())
                .isEqualTo(fileFrames * 0.02, org.assertj.core.api.Assertions.within(1e-9));
    }
}
