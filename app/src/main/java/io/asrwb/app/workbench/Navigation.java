package io.asrwb.app.workbench;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;

/**
 * Two levels, so every view is one click away in a 1024-pixel window: the groups (Data, Train,
 * Evaluate, Remote) as toggle buttons beside the menus, Ctrl+1 … Ctrl+4 from anywhere; the
 * shown group's views as tabs (Ctrl+Tab within). Code that brings a view forward calls {@link
 * #show(View)}, never looks a tab up by its text.
 */
final class Navigation {

    private final Map<ViewGroup, TabPane> panes = new EnumMap<>(ViewGroup.class);
    private final Map<ViewGroup, ToggleButton> buttons = new EnumMap<>(ViewGroup.class);
    private final Map<View, Tab> tabs = new EnumMap<>(View.class);
    private final HBox groupBar = new HBox(2);
    private final BorderPane content = new BorderPane();

    Navigation() {
        groupBar.setId("nav-groups");
        groupBar.getStyleClass().add("nav-groups");
        groupBar.setAlignment(Pos.CENTER_LEFT);
        ToggleGroup toggles = new ToggleGroup();
        for (ViewGroup group : ViewGroup.values()) {
            String key = group.name().toLowerCase(Locale.ROOT);
            TabPane pane = new TabPane();
            pane.setId("views-" + key);
            pane.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
            panes.put(group, pane);
            ToggleButton button = new ToggleButton(group.title());
            button.setId("nav-" + key);
            button.setToggleGroup(toggles);
            button.setFocusTraversable(false);
            button.setTooltip(
                    new Tooltip(views(group) + " (" + group.accelerator().getDisplayText() + ")"));
            button.setOnAction(e -> show(group)); // a second click keeps it selected
            buttons.put(group, button);
            groupBar.getChildren().add(button);
        }
    }

    /** Places {@code tab} as {@code view} in its group, in the group's order; returns it. */
    Tab add(View view, Tab tab) {
        tab.setText(view.title());
        tab.setId(view.id());
        tabs.put(view, tab);
        var list = panes.get(view.group()).getTabs();
        int at =
                (int)
                        tabs.keySet().stream()
                                .filter(v -> v.group() == view.group() && v.compareTo(view) < 0)
                                .count();
        list.add(Math.min(at, list.size()), tab);
        return tab;
    }

    /** Shows {@code view}'s group with {@code view} selected in it. */
    void show(View view) {
        Tab tab = tabs.get(view);
        if (tab != null) {
            // Select before the pane is shown, so only this view is built (see LazyTab).
            panes.get(view.group()).getSelectionModel().select(tab);
        }
        show(view.group());
    }

    /** Shows {@code group} with the view last selected in it. */
    void show(ViewGroup group) {
        buttons.get(group).setSelected(true);
        content.setCenter(panes.get(group));
    }

    /** The view in front, if any was added. */
    Optional<View> current() {
        return tabs.entrySet().stream()
                .filter(
                        e ->
                                e.getValue().isSelected()
                                        && content.getCenter() == e.getValue().getTabPane())
                .map(Map.Entry::getKey)
                .findFirst();
    }

    /** Ctrl+1 … Ctrl+4 show the groups from anywhere in {@code scene}. */
    void installAccelerators(Scene scene) {
        for (ViewGroup group : ViewGroup.values()) {
            scene.getAccelerators().put(group.accelerator(), () -> show(group));
        }
    }

    /** The groups' toggle buttons (placed beside the menus). */
    Node groupBar() {
        return groupBar;
    }

    /** The shown group's tabs. */
    Node content() {
        return content;
    }

    private String views(ViewGroup group) {
        StringBuilder s = new StringBuilder();
        for (View v : View.values()) {
            if (v.group() == group) {
                s.append(s.length() == 0 ? "" : ", ").append(v.title());
            }
        }
        return s.toString();
    }
}
