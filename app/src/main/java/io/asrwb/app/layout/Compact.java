package io.asrwb.app.layout;

import javafx.scene.control.Labeled;
import javafx.scene.control.TableColumnBase;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Region;
import javafx.scene.text.Font;
import javafx.scene.text.Text;

/**
 * Keeps short texts whole when a row is narrow. An {@code HBox} short of width shrinks every child
 * alike, down to "Fla…" and "…"; a control marked here keeps its preferred width, so only what
 * may shrink (a filter field, a wrapping message) gives way. A table column can be kept at least
 * as wide as its header's text.
 */
public final class Compact {

    /** Header text is drawn in the theme's 13 px font; padding and a sort arrow come on top. */
    private static final double HEADER_FONT_SIZE = 13;

    private static final double HEADER_EXTRA = 26;

    private Compact() {}

    /** Never narrower than their text needs. */
    public static void whole(Region... regions) {
        for (Region r : regions) {
            r.setMinWidth(Region.USE_PREF_SIZE);
        }
    }

    /**
     * A symbol in place of a word (e.g. "↶" for Undo): the word moves to the tooltip, before
     * {@code tip}'s own text.
     */
    public static <T extends Labeled> T symbol(T control, String symbol, String tip) {
        control.setText(symbol);
        control.setTooltip(new Tooltip(tip));
        control.setMinWidth(Region.USE_PREF_SIZE);
        return control;
    }

    /** {@code column} at least as wide as its header's text, never "Refere…". */
    public static void headerWhole(TableColumnBase<?, ?> column) {
        String text = column.getText();
        if (text == null || text.isEmpty()) {
            return;
        }
        Text t = new Text(text);
        t.setFont(Font.font(Font.getDefault().getFamily(), HEADER_FONT_SIZE));
        double needed = Math.ceil(t.getLayoutBounds().getWidth() + HEADER_EXTRA);
        column.setMinWidth(Math.max(column.getMinWidth(), needed));
        if (column.getPrefWidth() < needed) {
            column.setPrefWidth(needed);
        }
    }
}
