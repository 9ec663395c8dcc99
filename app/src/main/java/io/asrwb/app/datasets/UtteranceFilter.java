package io.asrwb.app.datasets;

import java.util.Locale;

/**
 * What the table shows: rows whose id, transcript, speaker, note or check flags contain the text,
 * narrowed by the quick toggles.
 */
public record UtteranceFilter(
        String text, boolean flaggedOnly, boolean excludedOnly, boolean checkFlagsOnly) {

    public static final UtteranceFilter ALL = new UtteranceFilter("", false, false, false);

    public UtteranceFilter {
        text = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
    }

    public boolean showsEverything() {
        return text.isEmpty() && !flaggedOnly && !excludedOnly && !checkFlagsOnly;
    }

    /**
     * @param searchKey the row's {@link #searchKeyOf} computed once, so a keystroke costs one
     *                  {@code contains} per row instead of five lower-casings
     */
    boolean matches(UtteranceRow r, String searchKey) {
        return (!flaggedOnly || r.flagged())
                && (!excludedOnly || r.excluded())
                && (!checkFlagsOnly || r.hasCheckFlags())
                && (text.isEmpty() || searchKey.contains(text));
    }

    static String searchKeyOf(UtteranceRow r) {
        return (r.id()
                        + '\n'
                        + r.transcript()
                        + '\n'
                        + r.speaker()
                        + '\n'
                        + r.note()
                        + '\n'
                        + r.flags())
                .toLowerCase(Locale.ROOT);
    }
}
