package io.asrwb.app.datasets;

import java.util.Comparator;
import java.util.function.ToDoubleFunction;

/**
 * The columns the table sorts by. Numbers with no value (NaN: never evaluated, no text check)
 * sort last in both directions, so "CER worst first" starts with the worst evaluated row.
 */
// Its fields hold stateless method references and comparators, immutable in fact.
@SuppressWarnings("ImmutableEnumChecker")
public enum UtteranceSort {
    SOURCE_ORDER(null, null),
    ID(null, Comparator.comparing(UtteranceRow::id)),
    DURATION(UtteranceRow::durationSeconds, null),
    CHARS_PER_SECOND(UtteranceRow::charsPerSecond, null),
    SPEAKER(null, Comparator.comparing(UtteranceRow::speaker)),
    SPLIT(null, Comparator.comparing(UtteranceRow::split)),
    TRANSCRIPT(null, Comparator.comparing(UtteranceRow::transcript)),
    FLAGGED(r -> r.flagged() ? 1 : 0, null),
    EXCLUDED(r -> r.excluded() ? 1 : 0, null),
    NOTE(null, Comparator.comparing(UtteranceRow::note)),
    CHECKS(null, Comparator.comparing(UtteranceRow::flags)),
    LAST_CER(UtteranceRow::lastCer, null);

    private final ToDoubleFunction<UtteranceRow> number;
    private final Comparator<UtteranceRow> other;

    UtteranceSort(ToDoubleFunction<UtteranceRow> number, Comparator<UtteranceRow> other) {
        this.number = number;
        this.other = other;
    }

    /**
     * A number per row whose signed {@code long} order is this column's order, NaN last in both
     * directions; {@link UtteranceTable} sorts these as primitives instead of calling a comparator
     * a million times.
     */
    long sortBits(UtteranceRow r, boolean ascending) {
        double v = number.applyAsDouble(r);
        if (Double.isNaN(v)) {
            return Long.MAX_VALUE;
        }
        long bits = Double.doubleToLongBits(v + 0.0); // + 0.0 folds -0.0 into 0.0
        bits ^= (bits >> 63) & Long.MAX_VALUE; // now signed long order is double order
        return Math.min(ascending ? bits : ~bits, Long.MAX_VALUE - 1);
    }

    boolean isNumeric() {
        return number != null;
    }

    /** The order for this column; null for {@link #SOURCE_ORDER} (the order rows were imported in). */
    public Comparator<UtteranceRow> comparator(boolean ascending) {
        if (number != null) {
            ToDoubleFunction<UtteranceRow> f = number;
            return (a, b) -> {
                double x = f.applyAsDouble(a);
                double y = f.applyAsDouble(b);
                boolean nx = Double.isNaN(x);
                boolean ny = Double.isNaN(y);
                if (nx || ny) {
                    return nx == ny ? 0 : nx ? 1 : -1;
                }
                return ascending ? Double.compare(x, y) : Double.compare(y, x);
            };
        }
        return other == null ? null : ascending ? other : other.reversed();
    }
}
