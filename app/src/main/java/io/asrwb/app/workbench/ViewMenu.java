package io.asrwb.app.workbench;

import io.asrwb.app.theme.Theme;
import io.asrwb.app.theme.ThemeSwitcher;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.ToggleGroup;
import javafx.scene.input.KeyCombination;

/** The View menu: dark or light theme (Ctrl+Shift+L toggles), remembered across restarts. */
final class ViewMenu {

    private ViewMenu() {}

    static Menu of(ThemeSwitcher themes) {
        ToggleGroup group = new ToggleGroup();
        RadioMenuItem dark = new RadioMenuItem("Dark theme");
        RadioMenuItem light = new RadioMenuItem("Light theme");
        dark.setId("menu-theme-dark");
        light.setId("menu-theme-light");
        dark.setToggleGroup(group);
        light.setToggleGroup(group);
        dark.setOnAction(e -> themes.apply(Theme.DARK));
        light.setOnAction(e -> themes.apply(Theme.LIGHT));
        Runnable sync =
                () -> group.selectToggle(themes.themeProperty().get() == Theme.DARK ? dark : light);
        themes.themeProperty().addListener((o, a, b) -> sync.run());
        sync.run();
        MenuItem toggle = new MenuItem("Switch theme");
        toggle.setAccelerator(KeyCombination.keyCombination("Shortcut+Shift+L"));
        toggle.setOnAction(e -> themes.toggle());
        Menu menu = new Menu("View", null, dark, light, new SeparatorMenuItem(), toggle);
        menu.setId("menu-view");
        return menu;
    }
}
