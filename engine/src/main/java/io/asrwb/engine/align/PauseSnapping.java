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
        int next = 0;
        // the leading pause: silence from 0 up to the first word
        Pause first = pauses.get(0);
        if (first.startSec() <= 0 && Math.abs(first.endSec() - start[0]) <= REACH_S) {
            start[0] = first.endSec();
            next = 1;
        }
        for (int i = 0; i + 1 < n; i++) {
            double gap = (end[i] + start[i + 1]) / 2;
            int best = -1;
            for (int p = next; p < pauses.size(); p++) {
                double d = Math.abs(pauses.get(p).centre() - gap);
                if (d <= REACH_S && (best < 0 || d < Math.abs(pauses.get(best).centre() - gap))) {
                    best = p;
                }
            }
            if (best >= 0 && pauses.get(best).startSec() > start[i]) {
                end[i] = pauses.get(best).startSec();
                start[i + 1] = pauses.get(best).endSec();
                next = best + 1;
            }
        }
        Pause last = pauses.get(pauses.size() - 1);
        if (last.endSec() >= clipSec - 0.011
                && pauses.size() > next
                && last.startSec() > start[n - 1]
                && Math.abs(last.startSec() - end[n - 1]) <= REACH_S) {
            end[n - 1] = last.startSec();
        }
        List<AlignedWord> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            AlignedWord w = words.get(i);
            boolean ordered = end[i] > start[i] && (i == 0 || start[i] >= end[i - 1]);
            out.add(ordered ? new AlignedWord(w.word(), start[i], end[i], w.confidence()) : w);
        }
        return out;
    }
}
