package io.asrwb.engine.align;

import java.util.ArrayList;
import java.util.List;

/**
 * Takes the long pauses out of words. Over a long window the demo model emits a word's last
 * character up to a second late, or its first one early, into the silence beside it
 * (docs/decisions/long-recordings.md): the path's span then holds a pause no word holds. The word
 * loses a pause at its start or end, and of a pause inside it keeps the side where most of its
 * characters were emitted.
 */
final class PauseTrim {

    /** Pauses shorter than this may lie inside a word (a stop's closure, a slow speaker). */
    static final double MIN_PAUSE_S = 0.25;

    private PauseTrim() {}

    /**
     * @param charMids per word, the middle (seconds) of each of its characters' path frames
     */
    static List<AlignedWord> trim(
            List<AlignedWord> words, List<double[]> charMids, List<Pause> pauses) {
        List<AlignedWord> out = new ArrayList<>(words.size());
        for (int i = 0; i < words.size(); i++) {
            AlignedWord w = words.get(i);
            double start = w.startSec();
            double end = w.endSec();
            Pause inside = longestInside(pauses, start, end);
            while (inside != null) {
                if (inside.startSec() <= start) {
                    start = inside.endSec(); // silence before the word's sound
                } else if (inside.endSec() >= end) {
                    end = inside.startSec(); // silence after it
                } else if (charsBefore(charMids.get(i), inside) * 2 >= charMids.get(i).length) {
                    end = inside.startSec();
                } else {
                    start = inside.endSec();
                }
                inside = longestInside(pauses, start, end);
            }
            out.add(end > start ? new AlignedWord(w.word(), start, end, w.confidence()) : w);
        }
        return out;
    }

    private static int charsBefore(double[] mids, Pause pause) {
        int before = 0;
        for (double mid : mids) {
            before += mid < pause.centre() ? 1 : 0;
        }
        return before;
    }

    /** The pause with the most time inside {@code start..end}, if that is at least the minimum. */
    private static Pause longestInside(List<Pause> pauses, double start, double end) {
        Pause best = null;
        double bestInside = MIN_PAUSE_S;
        for (Pause p : pauses) {
            double inside = Math.min(p.endSec(), end) - Math.max(p.startSec(), start);
            // a pause covering the whole span leaves nothing to keep: the path's span stays
            boolean covers = p.startSec() <= start && p.endSec() >= end;
            if (!covers && inside >= bestInside) {
                best = p;
                bestInside = inside;
            }
        }
        return best;
    }
}
