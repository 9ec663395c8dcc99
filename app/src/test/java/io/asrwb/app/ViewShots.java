package io.asrwb.app;

import io.asrwb.app.theme.Theme;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.function.Consumer;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import javax.imageio.ImageIO;

/** One view shown alone in the dark theme at 1024×640 (the app window's first size on a 1280×800 screen) and saved as PNG: the README's tab screenshots. */
public final class ViewShots {

    private ViewShots() {}

    public static void shoot(Parent view, Path file) throws Exception {
        shoot(view, file, v -> {});
    }

    /** As above, {@code prepare} run on the FX thread once the view is shown and laid out. */
    public static void shoot(Parent view, Path file, Consumer<Parent> prepare) throws Exception {
        FxCalls.call(
                () -> {
                    Stage stage = new Stage();
                    Scene scene = new Scene(view, 1024, 640);
                    Theme.DARK.stylesheets().forEach(scene.getStylesheets()::add);
                    stage.setScene(scene);
                    stage.show();
                    view.applyCss();
                    view.layout();
                    prepare.accept(view);
                    return null;
                });
        Thread.sleep(1500);
        WritableImage shot = FxCalls.call(() -> view.getScene().snapshot(null));
        BufferedImage img =
                new BufferedImage(
                        (int) shot.getWidth(), (int) shot.getHeight(), BufferedImage.TYPE_INT_RGB);
        PixelReader pixels = shot.getPixelReader();
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                img.setRGB(x, y, pixels.getArgb(x, y));
            }
        }
        ImageIO.write(img, "png", file.toFile());
    }
}
