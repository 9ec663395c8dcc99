package io.asrwb.app.theme;

import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.scene.Scene;

/**
 * Applies a theme to the main scene (and any dialog scene handed to it) and remembers the choice
 * in the settings, so the next start opens in the same theme.
 */
public final class ThemeSwitcher {

    private final Scene scene;
    private final AppSettings settings;
    private final ReadOnlyObjectWrapper<Theme> theme = new ReadOnlyObjectWrapper<>();

    public ThemeSwitcher(Scene scene, AppSettings settings) {
        this.scene = scene;
        this.settings = settings;
        show(settings.theme());
    }

    public ReadOnlyObjectProperty<Theme> themeProperty() {
        return theme.getReadOnlyProperty();
    }

    /** Switches to {@code next} and saves it as the user's choice. */
    public void apply(Theme next) {
        show(next);
        settings.saveTheme(next);
    }

    public void toggle() {
        apply(theme.get().other());
    }

    /** Gives a secondary scene (a dialog) the current theme. */
    public void style(Scene other) {
        other.getStylesheets().setAll(theme.get().stylesheets());
    }

    private void show(Theme next) {
        scene.getStylesheets().removeAll(Theme.DARK.stylesheets());
        scene.getStylesheets().removeAll(Theme.LIGHT.stylesheets());
        scene.getStylesheets().addAll(0, next.stylesheets());
        theme.set(next);
    }
}
