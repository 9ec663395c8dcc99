package io.asrwb.app.datasets;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Every row of the selected dataset and the filtered, sorted slice the table shows.
 *
 * <p>Filtering and sorting work on plain arrays of positions and publish the result with one {@code setAll}:
 * a {@code SortedList} over a {@code FilteredList} re-inserts every row one binary search and
 * array shift at a time when the filter changes, and a table's column comparator creates a cell
 * value per comparison; at 100k rows both cost far more than a plain sort.
 */
final class UtteranceTable {

    /** Above this many changed rows one {@code setAll} is cheaper than many single-row events. */
    private static final int SINGLE_EVENTS_MAX = 100;

    private final List<UtteranceRow> all = new ArrayList<>();
    private final List<String> searchKeys = new ArrayList<>();
    private final Map<String, Integer> indexById = new HashMap<>();
    private final ObservableList<UtteranceRow> visible = FXCollections.observableArrayList();
    private UtteranceFilter filter = UtteranceFilter.ALL;
    private UtteranceSort sort = UtteranceSort.SOURCE_ORDER;
    private boolean ascending = true;
    private final Map<UtteranceSort, int[]> textRanks = new EnumMap<>(UtteranceSort.class);

    /** Every row's source position in the current order; null until needed after a load, sort or edit. */
    private int[] order;

    ObservableList<UtteranceRow> visible() {
        return visible;
    }

    int size() {
        return all.size();
    }

    UtteranceFilter filter() {
        return filter;
    }

    UtteranceSort sort() {
        return sort;
    }

    boolean ascending() {
        return ascending;
    }

    Optional<UtteranceRow> byId(String id) {
        Integer i = indexById.get(id);
        return i == null ? Optional.empty() : Optional.of(all.get(i));
    }

    /** Every row, in source order. */
    List<UtteranceRow> all() {
        return List.copyOf(all);
    }

    void load(List<UtteranceRow> rows) {
        all.clear();
        searchKeys.clear();
        indexById.clear();
        textRanks.clear();
        order = null;
        for (UtteranceRow r : rows) {
            indexById.put(r.id(), all.size());
            all.add(r);
            searchKeys.add(UtteranceFilter.searchKeyOf(r));
        }
        refresh();
    }

    void setFilter(UtteranceFilter f) {
        filter = f;
        refresh();
    }

    void setSort(UtteranceSort s, boolean asc) {
        sort = s;
        ascending = asc;
        order = null;
        refresh();
    }

    /**
     * Recomputes the visible slice: every row is put in order once per sort (one primitive sort,
     * kept until the next sort, load or edit), then each filter is one pass over that order.
     */
    void refresh() {
        if (order == null) {
            int[] positions = new int[all.size()];
            for (int i = 0; i < positions.length; i++) {
                positions[i] = i;
            }
            order = sorted(positions);
        }
        List<UtteranceRow> out = new ArrayList<>();
        boolean everything = filter.showsEverything();
        for (int p : order) {
            if (everything || filter.matches(all.get(p), searchKeys.get(p))) {
                out.add(all.get(p));
            }
        }
        visible.setAll(out);
    }

    /**
     * Orders rows given by source position. Each row gets a {@code long} whose order is the
     * column's (a number's bits, or a text's rank among all rows); these become dense ranks, and
     * (rank, index) packed in one long sort as primitives: exact, stable, and no comparator calls.
     */
    private int[] sorted(int[] positions) {
        if (sort == UtteranceSort.SOURCE_ORDER) {
            return positions;
        }
        long[] bits = new long[positions.length];
        int[] textRank = sort.isNumeric() ? null : textRank(sort);
        for (int i = 0; i < bits.length; i++) {
            bits[i] =
                    textRank == null
                            ? sort.sortBits(all.get(positions[i]), ascending)
                            : ascending ? textRank[positions[i]] : -textRank[positions[i]];
        }
        long[] ordered = bits.clone();
        Arrays.sort(ordered);
        long[] keys = new long[bits.length];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = ((long) Arrays.binarySearch(ordered, bits[i]) << 32) | i;
        }
        Arrays.sort(keys);
        int[] out = new int[keys.length];
        for (int i = 0; i < keys.length; i++) {
            out[i] = positions[(int) keys[i]];
        }
        return out;
    }

    /**
     * Each row's rank (equal texts equal rank) in a text column, by source position. Computed with
     * the comparator once per column, then reused for the other direction and for every filter
     * until an edit changes that column.
     */
    private int[] textRank(UtteranceSort column) {
        return textRanks.computeIfAbsent(
                column,
                c -> {
                    Comparator<UtteranceRow> cmp = c.comparator(true);
                    Integer[] order = new Integer[all.size()];
                    for (int i = 0; i < order.length; i++) {
                        order[i] = i;
                    }
                    Arrays.sort(order, (x, y) -> cmp.compare(all.get(x), all.get(y)));
                    int[] rank = new int[all.size()];
                    int r = 0;
                    for (int i = 0; i < order.length; i++) {
                        if (i > 0 && cmp.compare(all.get(order[i - 1]), all.get(order[i])) != 0) {
                            r++;
                        }
                        rank[order[i]] = r;
                    }
                    return rank;
                });
    }

    /**
     * Takes edited rows in. A visible row is replaced where it stands (the table does not jump
     * under the curator's cursor) or leaves when it no longer passes the filter; a hidden row that
     * now passes brings a full refresh so it appears in its sorted place.
     */
    // Rows are records: two rows equal in value are still different table entries, so the old
    // rows are keyed by identity.
    @SuppressWarnings("IdentityHashMapUsage")
    void replace(Collection<UtteranceRow> changed) {
        textRanks.remove(UtteranceSort.TRANSCRIPT); // the columns an edit can change
        textRanks.remove(UtteranceSort.NOTE);
        order = null; // an edited row may belong elsewhere in the order (shown where it is until a
        // refresh)
        Map<UtteranceRow, UtteranceRow> byOld = new IdentityHashMap<>();
        boolean newlyVisible = false;
        for (UtteranceRow row : changed) {
            Integer i = indexById.get(row.id());
            if (i == null) {
                continue;
            }
            UtteranceRow old = all.get(i);
            String key = UtteranceFilter.searchKeyOf(row);
            all.set(i, row);
            searchKeys.set(i, key);
            boolean passes = filter.matches(row, key);
            byOld.put(old, passes ? row : null);
            newlyVisible |= passes && !filter.matches(old, UtteranceFilter.searchKeyOf(old));
        }
        if (newlyVisible) {
            refresh();
            return;
        }
        if (byOld.size() > SINGLE_EVENTS_MAX) {
            List<UtteranceRow> out = new ArrayList<>(visible.size());
            for (UtteranceRow r : visible) {
                UtteranceRow now = byOld.containsKey(r) ? byOld.get(r) : r;
                if (now != null) {
                    out.add(now);
                }
            }
            visible.setAll(out);
            return;
        }
        for (int i = visible.size() - 1; i >= 0 && !byOld.isEmpty(); i--) {
            UtteranceRow r = visible.get(i);
            if (byOld.containsKey(r)) {
                UtteranceRow now = byOld.remove(r);
                if (now == null) {
                    visible.remove(i);
                } else {
                    visible.set(i, now);
                }
            }
        }
    }
}
