package io.asrwb.engine.segment;

import java.util.Arrays;
import java.util.List;

/**
 * What the model heard in a window, set against the transcript's next words: the hypothesis is
 * aligned word by word to the text (edit distance with affine gaps in the text, so one long run of
 * text the audio lacks costs less than many substitutions; the text's tail is free, since the
 * window ends before the text does). Two things come of it. A run of at least {@link #MIN_RUN}
 * text words that meet no heard word, between islands (below), is text the recording does not
 * say (a sentence the transcript has and the speaker skipped): CTC alignment cannot skip text, so
 * it is taken out before the window is aligned. And the text words the model heard ({@link
 * #alike}), two or more in a row, are the islands a window may anchor on.
 *
 * @param unheard per text word, whether it lies in such a run
 * @param island  per text word, whether it is in a run of at least two words heard alike
 */
record UnheardText(boolean[] unheard, boolean[] island) {

    /** Shorter runs are the model's own misses, not missing speech. */
    static final int MIN_RUN = 3;

    private static final double GAP_OPEN = 2;
    private static final double GAP_EXTEND = 0.25;
    private static final double INF = Double.POSITIVE_INFINITY;

    static UnheardText of(List<String> heard, List<String> text) {
        int h = heard.size();
        int t = text.size();
        // m: the last step aligned a heard word (to a text word or to none); d: it skipped a text
        // word
        double[][] m = new double[h + 1][t + 1];
        double[][] d = new double[h + 1][t + 1];
        byte[][] mFrom = new byte[h + 1][t + 1];
        boolean[][] dFromD = new boolean[h + 1][t + 1];
        for (double[] row : m) {
            Arrays.fill(row, INF);
        }
        for (double[] row : d) {
            Arrays.fill(row, INF);
        }
        m[0][0] = 0;
        for (int i = 0; i <= h; i++) {
            for (int j = 0; j <= t; j++) {
                if (i > 0 && j > 0) {
                    double same = alike(heard.get(i - 1), text.get(j - 1)) ? 0 : 1;
                    pick(m, mFrom, i, j, m[i - 1][j - 1] + same, 0);
                    pick(m, mFrom, i, j, d[i - 1][j - 1] + same, 1);
                }
                if (i > 0) {
                    pick(m, mFrom, i, j, m[i - 1][j] + 1, 2); // a heard word the text lacks
                    pick(m, mFrom, i, j, d[i - 1][j] + 1, 3);
                }
                if (j > 0) {
                    double open = m[i][j - 1] + GAP_OPEN + GAP_EXTEND;
                    double extend = d[i][j - 1] + GAP_EXTEND;
                    d[i][j] = Math.min(open, extend);
                    dFromD[i][j] = extend < open;
                }
            }
        }
        int end = 0;
        for (int j = 0; j <= t; j++) {
            end = m[h][j] < m[h][end] ? j : end;
        }
        boolean[] deleted = new boolean[t];
        boolean[] exact = new boolean[t];
        int i = h;
        int j = end;
        boolean inD = false;
        while (i > 0 || j > 0) {
            if (inD) {
                deleted[--j] = true;
                inD = dFromD[i][j + 1];
                continue;
            }
            if (i == 0) {
                inD = true;
                continue;
            }
            byte from = mFrom[i][j];
            if (from <= 1) {
                exact[j - 1] = alike(heard.get(i - 1), text.get(j - 1));
                j--;
            }
            i--;
            inD = from == 1 || from == 3;
        }
        boolean[] unheard = new boolean[t];
        boolean[] island = new boolean[t];
        for (int k = 0; k < t; k++) {
            island[k] = exact[k] && ((k > 0 && exact[k - 1]) || (k + 1 < t && exact[k + 1]));
        }
        int k = 0;
        while (k < end) {
            int run = k;
            while (run < end && deleted[run]) {
                run++;
            }
            // only between words the model heard well: around a stretch it hears badly, a run of
            // text it "skips" is its own confusion, not missing speech
            boolean heardAround = (k == 0 || island[k - 1]) && run < t && island[run];
            if (run - k >= MIN_RUN && heardAround) {
                Arrays.fill(unheard, k, run, true);
            }
            k = Math.max(run, k + 1);
        }
        return new UnheardText(unheard, island);
    }

    /**
     * The same word, or one the model misspelt: at most one character in three different
     * ("agai" for "again", "oumber" for "number"), since greedy text from a window is rough.
     */
    static boolean alike(String a, String b) {
        if (a.equals(b)) {
            return true;
        }
        int limit = Math.max(1, Math.max(a.length(), b.length()) / 3);
        if (Math.abs(a.length() - b.length()) > limit) {
            return false;
        }
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(sub, Math.min(prev[j], cur[j - 1]) + 1);
            }
            int[] swap = prev;
            prev = cur;
            cur = swap;
        }
        return prev[b.length()] <= limit;
    }

    private static void pick(double[][] m, byte[][] from, int i, int j, double cost, int how) {
        if (cost < m[i][j]) {
            m[i][j] = cost;
            from[i][j] = (byte) how;
        }
    }
}
