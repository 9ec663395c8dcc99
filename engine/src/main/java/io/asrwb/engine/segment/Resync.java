package io.asrwb.engine.segment;

import java.util.List;

/**
 * Where in the text a window's audio is, when the aligner has lost its place: the model's words
 * for the window are matched (in order, {@link UnheardText#alike}) against each stretch of the
 * next {@link #REACH_WORDS} words of the text, and the stretch with the most matches wins if at
 * least 60 % of the heard words (and four, of at least eight heard) match. The reach is short
 * because a transcript repeats itself (a small vocabulary of commands and numbers here) and a far
 * stretch matches by chance. The text before the stretch found no audio.
 */
final class Resync {

    static final int REACH_WORDS = 150;
    private static final int MIN_MATCHES = 4;

    private Resync() {}

    /** The index in {@code text} the heard words start at, or -1 when no stretch is convincing. */
    static int find(List<String> heard, List<String> text, int from) {
        if (heard.size() < MIN_MATCHES * 2) {
            return -1;
        }
        int best = -1;
        int bestMatches = Math.max(MIN_MATCHES, heard.size() * 6 / 10) - 1;
        int span = heard.size() + heard.size() / 2;
        for (int p = from; p < Math.min(text.size(), from + REACH_WORDS); p++) {
            List<String> stretch = text.subList(p, Math.min(text.size(), p + span));
            if (!UnheardText.alike(heard.get(0), stretch.get(0))) {
                continue; // a stretch starts where the window's first heard word is
            }
            int matches = commonInOrder(heard, stretch);
            if (matches > bestMatches) {
                best = p;
                bestMatches = matches;
            }
        }
        return best;
    }

    private static int commonInOrder(List<String> a, List<String> b) {
        int[] prev = new int[b.size() + 1];
        int[] cur = new int[b.size() + 1];
        for (String x : a) {
            for (int j = 1; j <= b.size(); j++) {
                cur[j] =
                        UnheardText.alike(x, b.get(j - 1))
                                ? prev[j - 1] + 1
                                : Math.max(prev[j], cur[j - 1]);
            }
            int[] swap = prev;
            prev = cur;
            cur = swap;
        }
        return prev[b.size()];
    }
}
