package io.asrwb.engine.align;

import java.util.ArrayList;
import java.util.List;

/**
 * Moves word boundaries from where the CTC path puts them to the pauses of the audio. A CTC
 * model's character spikes need not sit on the sound: the demo model's bidirectional LSTM emits
 * them up to 300 ms early or late (docs/decisions/forced-alignment.md), so the path gives each
 * word's order and rough place, and the audio's own silences give the edges where there are any.
 * Each gap between two words (and the clip's start and end) takes the nearest unused pause within
 * {@link #REACH_S}, in order; a word boundary with no pause near keeps the path's time (words run
 * together without a pause there).
 */
final class PauseSnapping {

    /** How far from the path's boundary a pause may lie and still be taken as the boundary. */
    static final double REACH_S = 0.45;

    /** The shortest span a word is given when it must be moved past its neighbour's end. */
    private static final double MIN_WORD_S = 0.01;

    private PauseSnapping() {}

    static List<AlignedWord> snap(List<AlignedWord> words, List<Pause> pauses, double clipSec) {
        int n = words.size();
        if (n == 0 || pauses.isEmpty()) {
            return words;
        }
        double[] start = new double[n];
        double[] end = new double[n];
        for (int i = 0; i < n; i++) {
            start[i] = words.get(i).startSec();
            end[i] = words.get(i).endSec();
        }
        // the clip's leading and trailing silences bound its first and last word, never an inner
        // gap
        Pause first = pauses.get(0);
        boolean leading = first.startSec() <= 0;
        Pause last = pauses.get(pauses.size() - 1);
        boolean trailing = last.endSec() >= clipSec - 0.011 && (!leading || pauses.size() > 1);
        if (leading && Math.abs(first.endSec() - start[0]) <= REACH_S) {
            start[0] = first.endSec();
        }
        if (trailing && Math.abs(last.startSec() - end[n - 1]) <= REACH_S) {
            end[n - 1] = last.startSec();
        }
        int next = leading ? 1 : 0;
        int stop = trailing ? pauses.size() - 1 : pauses.size();
        for (int i = 0; i + 1 < n; i++) {
            double gap = (end[i] + start[i + 1]) / 2;
            int best = -1;
            for (int p = next; p < stop; p++) {
                double d = Math.abs(pauses.get(p).centre() - gap);
                if (d <= REACH_S && (best < 0 || d < Math.abs(pauses.get(best).centre() - gap))) {
                    best = p;
                }
            }
            if (best >= 0) {
                end[i] = pauses.get(best).startSec();
                start[i + 1] = pauses.get(best).endSec();
                next = best + 1;
            }
        }
        List<AlignedWord> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            AlignedWord w = words.get(i);
            // a word moved off every frame the path gave it was moved by a pause that is not its
            // own (speech quieter than the threshold): it keeps the path's span
            boolean kept =
                    end[i] > start[i]
                            && start[i] < w.endSec()
                            && end[i] > w.startSec()
                            && (i == 0 || start[i] >= out.get(i - 1).endSec());
            double s = kept ? start[i] : w.startSec();
            double e = kept ? end[i] : w.endSec();
            if (i > 0 && s < out.get(i - 1).endSec()) {
                // words never overlap: a kept path span starts where the snapped word before ends
                s = out.get(i - 1).endSec();
                e = Math.max(e, s + MIN_WORD_S);
            }
            out.add(new AlignedWord(w.word(), s, e, w.confidence()));
        }
        return out;
    }
}
