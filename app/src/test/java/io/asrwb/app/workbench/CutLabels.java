package io.asrwb.app.workbench;

import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Cell;
import javafx.scene.control.Labeled;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TableView;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.text.Text;

/**
 * Finds what a user would see cut in a window: a shown {@link Labeled} (button, label, check box,
 * toggle, tab header, column header, menu) whose drawn text is not its whole text (the skin
 * clipped it to an ellipsis, or to nothing), or that lies partly outside the window or its tab
 * pane's header row (a tab behind the overflow arrow). Table and list cells, which clip long
 * values by design, are left out; inside a scroll pane or table, which may be scrolled to what
 * lies beyond the viewport, only the drawn text is checked.
 */
final class CutLabels {

    private CutLabels() {}

    /** One line per cut label: its class, id, text and what is drawn instead. */
    static List<String> in(Scene scene) {
        List<String> cut = new ArrayList<>();
        walk(scene.getRoot(), scene, false, cut);
        return cut;
    }

    private static void walk(Node node, Scene scene, boolean scrolls, List<String> cut) {
        if (!node.isVisible() || node instanceof Cell) {
            return;
        }
        if (node instanceof Labeled labeled) {
            check(labeled, scene, scrolls, cut);
        }
        boolean inside =
                scrolls
                        || node instanceof ScrollPane
                        || node instanceof VirtualFlow
                        || node instanceof TableView;
        if (node instanceof Parent parent) {
            for (Node child : parent.getChildrenUnmodifiable()) {
                walk(child, scene, inside, cut);
            }
        }
    }

    private static void check(Labeled labeled, Scene scene, boolean scrolls, List<String> cut) {
        String text = labeled.getText();
        if (text == null || text.isEmpty()) {
            return;
        }
        String expected = labeled.isMnemonicParsing() ? withoutMnemonic(text) : text;
        String drawn = drawn(labeled);
        String what =
                labeled.getClass().getSimpleName()
                        + (labeled.getId() == null ? "" : " #" + labeled.getId())
                        + " \""
                        + text
                        + "\"";
        if (drawn != null && !drawn.equals(expected)) {
            cut.add(what + " drawn as \"" + drawn + "\"");
            return;
        }
        Bounds b = labeled.localToScene(labeled.getLayoutBounds());
        if (scrolls) {
            return; // may lie beyond the viewport: scrolled to, not cut
        }
        if (b.getMaxX() > scene.getWidth() + 0.5 || b.getMaxY() > scene.getHeight() + 0.5) {
            cut.add(what + " outside the window at " + b);
            return;
        }
        Node header = headerArea(labeled);
        if (header != null) {
            Bounds area = header.localToScene(header.getLayoutBounds());
            if (b.getMaxX() > area.getMaxX() + 0.5) {
                cut.add(what + " behind the tab pane's overflow menu");
            }
        }
    }

    /** The text the skin draws, or null when it has no text node (no skin yet). */
    private static String drawn(Labeled labeled) {
        for (Node child : labeled.getChildrenUnmodifiable()) {
            if (child instanceof Text t && child.getStyleClass().contains("text")) {
                return t.getText();
            }
        }
        return null;
    }

    /** The tab header row a tab's label sits in, or null for any other label. */
    private static Node headerArea(Node node) {
        for (Parent p = node.getParent(); p != null; p = p.getParent()) {
            if (p.getStyleClass().contains("tab-header-area")) {
                return p;
            }
        }
        return null;
    }

    private static String withoutMnemonic(String text) {
        int i = text.indexOf('_');
        return i < 0 || i == text.length() - 1
                ? text
                : text.substring(0, i) + text.substring(i + 1);
    }
}
