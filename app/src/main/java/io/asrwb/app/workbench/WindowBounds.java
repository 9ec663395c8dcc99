package io.asrwb.app.workbench;

import io.asrwb.app.theme.AppSettings;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import javafx.geometry.Rectangle2D;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.WindowEvent;

/**
 * The main window's size, position and maximised state: 80 % of the screen's visible area,
 * centred, on first start; afterwards as the user left it (kept in the app's settings file), as
 * long as it still lies on a screen (a monitor may have gone).
 */
final class WindowBounds {

    static final String X = "window.x";
    static final String Y = "window.y";
    static final String WIDTH = "window.width";
    static final String HEIGHT = "window.height";
    static final String MAXIMISED = "window.maximised";
    private static final double MIN_SIDE = 400;

    private WindowBounds() {}

    /** Sizes {@code stage} from the settings, or to 80 % of the primary screen. */
    static void restore(Stage stage, AppSettings settings) {
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        Optional<Rectangle2D> saved = saved(settings).filter(WindowBounds::onSomeScreen);
        Rectangle2D r =
                saved.orElseGet(
                        () -> {
                            double w = screen.getWidth() * 0.8;
                            double h = screen.getHeight() * 0.8;
                            return new Rectangle2D(
                                    screen.getMinX() + (screen.getWidth() - w) / 2,
                                    screen.getMinY() + (screen.getHeight() - h) / 2,
                                    w,
                                    h);
                        });
        stage.setX(r.getMinX());
        stage.setY(r.getMinY());
        stage.setWidth(r.getWidth());
        stage.setHeight(r.getHeight());
        stage.setMaximized(settings.get(MAXIMISED).map(Boolean::parseBoolean).orElse(false));
    }

    /** Writes the window's bounds to the settings when it closes. */
    static void rememberOnClose(Stage stage, AppSettings settings) {
        stage.addEventHandler(WindowEvent.WINDOW_HIDDEN, e -> save(stage, settings));
    }

    static void save(Stage stage, AppSettings settings) {
        // A maximised window's own bounds are the screen's: keep the last normal ones.
        if (stage.isMaximized()) {
            settings.putAll(Map.of(MAXIMISED, "true"));
            return;
        }
        settings.putAll(
                Map.of(
                        X, format(stage.getX()),
                        Y, format(stage.getY()),
                        WIDTH, format(stage.getWidth()),
                        HEIGHT, format(stage.getHeight()),
                        MAXIMISED, "false"));
    }

    private static Optional<Rectangle2D> saved(AppSettings settings) {
        try {
            Optional<String> x = settings.get(X);
            Optional<String> y = settings.get(Y);
            Optional<String> w = settings.get(WIDTH);
            Optional<String> h = settings.get(HEIGHT);
            if (x.isEmpty() || y.isEmpty() || w.isEmpty() || h.isEmpty()) {
                return Optional.empty();
            }
            double width = Math.max(MIN_SIDE, Double.parseDouble(w.get()));
            double height = Math.max(MIN_SIDE, Double.parseDouble(h.get()));
            return Optional.of(
                    new Rectangle2D(
                            Double.parseDouble(x.get()),
                            Double.parseDouble(y.get()),
                            width,
                            height));
        } catch (NumberFormatException e) {
            return Optional.empty(); // a hand-edited settings file: fall back to the default
        }
    }

    /** True when the window's top-left area (where its title bar is) lies on a screen. */
    private static boolean onSomeScreen(Rectangle2D r) {
        return !Screen.getScreensForRectangle(r.getMinX(), r.getMinY(), 100, 30).isEmpty();
    }

    private static String format(double v) {
        return String.format(Locale.ROOT, "%.0f", v);
    }
}
