package io.asrwb.app.spectrogram;

import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;

/** Wraps a rendered {@link SpectrogramImage}'s pixels as a JavaFX image (FX thread only). */
public final class FxImages {

    private FxImages() {}

    /** The image's pixels, one FX pixel each; null for an empty image. */
    public static WritableImage of(SpectrogramImage img) {
        if (img == null || img.isEmpty()) {
            return null;
        }
        WritableImage out = new WritableImage(img.width(), img.height());
        out.getPixelWriter()
                .setPixels(
                        0,
                        0,
                        img.width(),
                        img.height(),
                        PixelFormat.getIntArgbInstance(),
                        img.argb(),
                        0,
                        img.width());
        return out;
    }
}
