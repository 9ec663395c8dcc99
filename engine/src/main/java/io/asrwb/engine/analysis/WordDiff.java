package io.asrwb.engine.analysis;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The word-by-word alignment behind a WER: the full Levenshtein table with its back-trace. Ties
 * are broken as {@code metrics.EditDistance} breaks them (match or substitution, then deletion,
 * then insertion), so the counts of a diff are the counts the WER was computed from.
 */
public final class WordDiff {

    private WordDiff() {}

    /** Edits turning {@code reference} into {@code hypothesis} (texts split on whitespace). */
    public static List<WordEdit> of(String reference, String hypothesis) {
        return of(words(reference), words(hypothesis));
    }

    public static List<WordEdit> of(List<String> ref, List<String> hyp) {
        int n = ref.size();
        int m = hyp.size();
        int[][] cost = new int[n + 1][m + 1];
        for (int i = 0; i <= n; i++) {
            cost[i][0] = i;
        }
        for (int j = 0; j <= m; j++) {
            cost[0][j] = j;
        }
        for (int i = 1; i <= n; i++) {
            for (int j = 1; j <= m; j++) {
                int diag = cost[i - 1][j - 1] + (ref.get(i - 1).equals(hyp.get(j - 1)) ? 0 : 1);
                cost[i][j] = Math.min(diag, Math.min(cost[i - 1][j] + 1, cost[i][j - 1] + 1));
            }
        }
        List<WordEdit> out = new ArrayList<>(Math.max(n, m));
        int i = n;
        int j = m;
        while (i > 0 || j > 0) {
            if (i > 0 && j > 0) {
                boolean same = ref.get(i - 1).equals(hyp.get(j - 1));
                if (cost[i][j] == cost[i - 1][j - 1] + (same ? 0 : 1)) {
                    out.add(
                            new WordEdit(
                                    same ? WordEdit.Kind.MATCH : WordEdit.Kind.SUBSTITUTION,
                                    ref.get(i - 1),
                                    hyp.get(j - 1)));
                    i--;
                    j--;
                    continue;
                }
            }
            if (i > 0 && cost[i][j] == cost[i - 1][j] + 1) {
                out.add(new WordEdit(WordEdit.Kind.DELETION, ref.get(i - 1), ""));
                i--;
            } else {
                out.add(new WordEdit(WordEdit.Kind.INSERTION, "", hyp.get(j - 1)));
                j--;
            }
        }
        Collections.reverse(out);
        return out;
    }

    static List<String> words(String text) {
        String t = text.strip();
        return t.isEmpty() ? List.of() : List.of(t.split("\\s+"));
    }
}
