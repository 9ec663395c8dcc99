package io.asrwb.engine.metrics;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Levenshtein distance with its substitution/deletion/insertion breakdown, in O(n·m) time and
 * O(min(n, m)) memory.
 *
 * <p>Among alignments of equal cost, each cell prefers a match or substitution, then a deletion,
 * then an insertion. That choice depends only on a cell's three neighbours, so the breakdown is
 * the same whichever sequence the inner loop runs over.
 */
public final class EditDistance {

    private EditDistance() {}

    /** Character edits, by Unicode code point (so a character outside the BMP counts once). */
    public static EditCounts characters(String reference, String hypothesis) {
        return tokens(reference.codePoints().toArray(), hypothesis.codePoints().toArray());
    }

    /** Word edits; words are compared exactly (normalise the texts first). */
    public static EditCounts words(List<String> reference, List<String> hypothesis) {
        Map<String, Integer> ids = new HashMap<>();
        return tokens(toIds(reference, ids), toIds(hypothesis, ids));
    }

    /** Word edits of two texts split on runs of whitespace. */
    public static EditCounts words(String reference, String hypothesis) {
        return words(splitWords(reference), splitWords(hypothesis));
    }

    static List<String> splitWords(String text) {
        String trimmed = text.strip();
        return trimmed.isEmpty() ? List.of() : List.of(trimmed.split("\\s+"));
    }

    /** Edits turning {@code reference} into {@code hypothesis}, tokens compared by value. */
    public static EditCounts tokens(int[] reference, int[] hypothesis) {
        boolean refInner = reference.length <= hypothesis.length;
        int[] inner = refInner ? reference : hypothesis;
        int[] outer = refInner ? hypothesis : reference;
        int width = inner.length + 1;
        // Per cell: total cost and its S/D/I split, for the previous and the current outer row.
        Cell prev = new Cell(width);
        Cell cur = new Cell(width);
        for (int k = 0; k < width; k++) {
            // Row 0: an empty outer prefix; reaching inner[k] costs k deletions (or insertions).
            prev.set(k, k, 0, refInner ? k : 0, refInner ? 0 : k);
        }
        for (int o = 1; o <= outer.length; o++) {
            cur.set(0, o, 0, refInner ? 0 : o, refInner ? o : 0);
            for (int k = 1; k < width; k++) {
                boolean same = outer[o - 1] == inner[k - 1];
                // Neighbour that consumes one reference token only (deletion) and one hypothesis
                // token
                // only (insertion); which row it lives in depends on the orientation.
                Cell delRow = refInner ? cur : prev;
                int delCol = refInner ? k - 1 : k;
                Cell insRow = refInner ? prev : cur;
                int insCol = refInner ? k : k - 1;
                int diag = prev.cost[k - 1] + (same ? 0 : 1);
                int del = delRow.cost[delCol] + 1;
                int ins = insRow.cost[insCol] + 1;
                if (diag <= del && diag <= ins) {
                    cur.copy(k, prev, k - 1, diag);
                    if (!same) {
                        cur.sub[k]++;
                    }
                } else if (del <= ins) {
                    cur.copy(k, delRow, delCol, del);
                    cur.del[k]++;
                } else {
                    cur.copy(k, insRow, insCol, ins);
                    cur.ins[k]++;
                }
            }
            Cell swap = prev;
            prev = cur;
            cur = swap;
        }
        int last = inner.length;
        return new EditCounts(prev.sub[last], prev.del[last], prev.ins[last], reference.length);
    }

    private static int[] toIds(List<String> words, Map<String, Integer> ids) {
        int[] out = new int[words.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = ids.computeIfAbsent(words.get(i), w -> ids.size());
        }
        return out;
    }

    /** One DP row: parallel arrays keep it allocation-free inside the loop. */
    private static final class Cell {
        final int[] cost;
        final int[] sub;
        final int[] del;
        final int[] ins;

        Cell(int width) {
            cost = new int[width];
            sub = new int[width];
            del = new int[width];
            ins = new int[width];
        }

        void set(int k, int c, int s, int d, int i) {
            cost[k] = c;
            sub[k] = s;
            del[k] = d;
            ins[k] = i;
        }

        void copy(int k, Cell from, int fromK, int newCost) {
            set(k, newCost, from.sub[fromK], from.del[fromK], from.ins[fromK]);
        }
    }
}
