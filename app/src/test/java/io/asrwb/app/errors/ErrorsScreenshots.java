package io.asrwb.app.errors;

import io.asrwb.app.AppContext;
import io.asrwb.app.FxCalls;
import io.asrwb.app.datasets.DatasetsViewModel;
import io.asrwb.app.datasets.ImportRequest;
import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.app.theme.Theme;
import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.testing.DemoSubset;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import javafx.application.Platform;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import javax.imageio.ImageIO;

/**
 * The Errors tab's screenshot for the README: the demo model on the demo corpus's test clips of up
 * to 3 s (the first label made wrong, see {@link MislabelledSubset}), dark theme, on a real display
 * (Xvfb). Run from the repository root (the A/B tab is not shot: only one trained checkpoint ships,
 * and A = B shows nothing). Usage: {@code ErrorsScreenshots OUT_DIR WORK_DIR}; the command line is
 * in the README under Screenshots.
 */
public final class ErrorsScreenshots {

    private ErrorsScreenshots() {}

    public static void main(String[] args) throws Exception {
        Path out = Files.createDirectories(Path.of(args[0]));
        Path work = Path.of(args[1]);
        Platform.startup(() -> {});
        try (Catalog catalog = Catalog.open(work.resolve("catalog"))) {
            AppContext ctx =
                    new AppContext(catalog, new CurrentThreadTaskRunner(), Clock.systemUTC(), "t");
            Path manifest = MislabelledSubset.write(work.resolve("corpus"), 120);
            new DatasetsViewModel(ctx)
                    .importDataset(new ImportRequest(DatasetFormat.NEMO, manifest, "demo"));
            Path model =
                    Path.of("")
                            .toAbsolutePath()
                            .relativize(DemoSubset.demoCorpus().resolveSibling("demo-model"));
            ErrorsViewModel errors = new ErrorsViewModel(ctx);
            errors.datasetProperty().set("demo");
            errors.modelProperty().set(model);
            errors.evaluate();
            shoot(new ErrorsView(errors), out.resolve("errors.png"));
        }
        Platform.exit();
    }

    /** Shows {@code view} at 1280×800 in the dark theme and writes what is on screen as a PNG. */
    public static void shoot(Parent view, Path file) throws Exception {
        FxCalls.call(
                () -> {
                    Stage stage = new Stage();
                    Scene scene = new Scene(view, 1280, 800);
                    Theme.DARK.stylesheets().forEach(scene.getStylesheets()::add);
                    stage.setScene(scene);
                    stage.show();
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
