package io.asrwb.app.workbench;

import io.asrwb.app.FxCalls;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.scene.Scene;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javax.imageio.ImageIO;

/** Saves a scene as a PNG (what a layout test saw, to look at when it fails). */
final class Shots {

    private Shots() {}

    static void save(Scene scene, Path file) throws Exception {
        WritableImage shot = FxCalls.call(() -> scene.snapshot(null));
        BufferedImage img =
                new BufferedImage(
                        (int) shot.getWidth(), (int) shot.getHeight(), BufferedImage.TYPE_INT_RGB);
        PixelReader pixels = shot.getPixelReader();
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                img.setRGB(x, y, pixels.getArgb(x, y));
            }
        }
        Files.createDirectories(file.getParent());
        if (!ImageIO.write(img, "png", file.toFile())) {
            throw new IOException("no PNG writer for " + file);
        }
    }
}
