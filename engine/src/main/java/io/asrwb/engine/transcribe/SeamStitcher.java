package io.asrwb.engine.transcribe;

import io.asrwb.engine.decode.WordTiming;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * Joins the decoded words of overlapping windows into segments without saying a word twice or
 * dropping one. Between two windows it cuts at the output frame nearest the middle of their
 * overlap where neither window has a word running across (a pause, or at least a word boundary
 * both agree on); each window gives the words on its side of the cut. Each side thus keeps at
 * least half the overlap as context, where a window's edge would garble words. When both windows
 * have words across every frame of the overlap, it cuts at the middle and gives each word to the
 * side its centre lies on.
 *
 * <p>Frames are output frames counted from the file's start; a window's words are given with
 * frames relative to the window and placed by its first frame.
 */
final class SeamStitcher {

    private record Placed(String word, long start, long end) {
        double centre() {
            return (start + end) / 2.0;
        }
    }

    private record Pending(long first, long end, List<Placed> words) {}

    private final double frameSeconds;
    private final UnaryOperator<String> normaliser;
    private final Consumer<Segment> out;
    private Pending pending;
    private long cut; // where the pending window's own part starts

    SeamStitcher(double frameSeconds, UnaryOperator<String> normaliser, Consumer<Segment> out) {
        this.frameSeconds = frameSeconds;
        this.normaliser = normaliser;
        this.out = out;
    }

    /** The next window's words; {@code first} its first output frame, {@code frames} how many it has. */
    void add(long first, int frames, List<WordTiming> words) {
        List<Placed> placed = new ArrayList<>(words.size());
        for (WordTiming w : words) {
            placed.add(new Placed(w.word(), first + w.startFrame(), first + w.endFrame()));
        }
        Pending next = new Pending(first, first + frames, placed);
        if (pending == null) {
            pending = next;
            cut = 0;
            return;
        }
        long c = seam(pending, next);
        emit(pending, cut, c);
        pending = next;
        cut = c;
    }

    /** The file ended at {@code endSeconds}: the last window's part. */
    void finish(double endSeconds) {
        if (pending != null) {
            emit(pending, cut, Long.MAX_VALUE, endSeconds);
            pending = null;
        }
    }

    private static long seam(Pending a, Pending b) {
        long from = b.first();
        long to = Math.min(a.end(), b.end());
        if (to <= from) {
            return from; // no overlap (should not happen): the second window starts the next part
        }
        long middle = (from + to) / 2;
        for (long d = 0; d <= (to - from) / 2 + 1; d++) {
            for (long c : new long[] {middle - d, middle + d}) {
                if (c >= from && c <= to && free(a.words(), c) && free(b.words(), c)) {
                    return c;
                }
            }
        }
        return middle;
    }

    /** No word runs across the boundary before frame {@code c}. */
    private static boolean free(List<Placed> words, long c) {
        for (Placed w : words) {
            if (w.start() < c && c < w.end()) {
                return false;
            }
        }
        return true;
    }

    private void emit(Pending w, long from, long to) {
        emit(w, from, to, to * frameSeconds);
    }

    private void emit(Pending w, long from, long to, double endSeconds) {
        StringBuilder text = new StringBuilder();
        for (Placed p : w.words()) {
            if (p.centre() >= from && p.centre() < to) {
                if (text.length() > 0) {
                    text.append(' ');
                }
                text.append(p.word());
            }
        }
        out.accept(
                new Segment(
                        from * frameSeconds,
                        Math.max(from * frameSeconds, endSeconds),
                        normaliser.apply(text.toString())));
    }
}
