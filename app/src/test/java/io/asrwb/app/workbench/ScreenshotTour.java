package io.asrwb.app.workbench;

import io.asrwb.app.FxCalls;
import io.asrwb.app.datasets.UtteranceRow;
import io.asrwb.app.spectrogram.SpectrogramScale;
import io.asrwb.app.theme.Theme;
import io.asrwb.app.training.RunRow;
import io.asrwb.app.training.TrainingViewModel;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import javafx.application.Platform;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import javax.imageio.ImageIO;

/**
 * Starts the real app (its own catalog and data dir, set by {@code docs/screenshots/take.sh}),
 * walks through every view with real data — the demo corpus imported on first start, two short
 * real training runs of the tiny preset, the demo model transcribing a demo clip — and saves a
 * PNG of each. Run on a real display (Xvfb) so glass and prism draw as for a user.
 *
 * <p>Usage: {@code ScreenshotTour OUT_DIR}. Exits non-zero when a step does not happen in time.
 */
public final class ScreenshotTour {

    private static final int WIDTH = 1024;
    private static final int HEIGHT = 640;

    private final Path out;
    private WorkbenchApp app;
    private Stage stage;

    private ScreenshotTour(Path out) {
        this.out = out;
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: ScreenshotTour OUT_DIR");
            System.exit(2);
        }
        Path out = Path.of(args[0]);
        Files.createDirectories(out);
        Platform.startup(() -> {});
        int status = 0;
        ScreenshotTour tour = new ScreenshotTour(out);
        try {
            tour.run();
        } catch (Exception | AssertionError e) {
            e.printStackTrace();
            status = 1;
        } finally {
            tour.close();
        }
        System.exit(status);
    }

    private void run() throws Exception {
        FxCalls.call(
                () -> {
                    app = new WorkbenchApp();
                    stage = new Stage();
                    app.start(stage);
                    // The README's shots are the window's first size on a 1280×800 screen
                    // (80 %), the smallest the layout is made for.
                    stage.setX(0);
                    stage.setY(0);
                    stage.setWidth(WIDTH);
                    stage.setHeight(HEIGHT);
                    return null;
                });
        Workbench wb = FxCalls.call(app::workbench);
        FxCalls.call(
                () -> {
                    wb.themes().apply(Theme.DARK);
                    return null;
                });

        // The demo corpus (imported on first start); a clip selected
        waitFor("the demo corpus import", 120, () -> table().getItems().size() == 1350);
        selectRow(3);
        waitForClip(wb);

        // Spectrogram viewer: the same clip through "Open in viewer", switched to log-mel
        FxCalls.call(
                () -> {
                    wb.datasets().openShownInViewer();
                    wb.spectrogram().scaleProperty().set(SpectrogramScale.LOG_MEL);
                    return null;
                });
        waitFor(
                "the spectrogram viewer",
                30,
                () ->
                        !wb.spectrogram().imageProperty().get().isEmpty()
                                && !wb.spectrogram().busyProperty().get());
        settle();
        save("spectrogram");

        // Hyperparameters: the tiny preset with a few edits (the diff shows them)
        FxCalls.call(
                () -> {
                    wb.show(View.HYPERPARAMETERS);
                    wb.hyperparameters().set("train.max_steps", 240L);
                    wb.hyperparameters().set("train.eval_every_steps", 40L);
                    wb.hyperparameters().set("train.checkpoint_every_steps", 40L);
                    return null;
                });
        settle();
        save("hyperparameters");

        // Training: two short real runs, the first overlaid on the second
        FxCalls.call(
                () -> {
                    wb.show(View.TRAINING);
                    wb.training().start();
                    return null;
                });
        waitForRunEnd(wb.training());
        FxCalls.call(
                () -> {
                    wb.hyperparameters().set("optim.lr", 2.0e-3);
                    wb.hyperparameters().set("train.max_steps", 120L);
                    RunRow first = wb.training().runs().get(0);
                    wb.training().overlaidProperty(first).set(true);
                    wb.training().start();
                    return null;
                });
        waitForRunEnd(wb.training());
        settle();
        save("training");

        // Datasets after training: last-eval CER sorted worst first, the worst clip selected
        FxCalls.call(
                () -> {
                    wb.show(View.DATASETS); // the runs' evaluations reloaded the table's last CERs
                    // when they ended
                    TableView<UtteranceRow> table = table();
                    TableColumn<UtteranceRow, ?> cer =
                            table.getColumns().stream()
                                    .filter(c -> c.getText().equals("Last CER"))
                                    .findFirst()
                                    .orElseThrow();
                    cer.setSortType(TableColumn.SortType.DESCENDING);
                    table.getSortOrder().setAll(List.of(cer));
                    return null;
                });
        selectRow(0);
        waitForClip(wb);
        FxCalls.call(
                () -> {
                    var waveform = wb.datasets().waveform();
                    waveform.cursorProperty()
                            .set(
                                    waveform.audioProperty().get().samples().length
                                            / 3); // as if playing
                    return null;
                });
        settle();
        save("datasets");
        FxCalls.call(
                () -> {
                    wb.themes().apply(Theme.LIGHT);
                    return null;
                });
        settle();
        save("datasets-light");
        FxCalls.call(
                () -> {
                    wb.themes().apply(Theme.DARK);
                    return null;
                });

        // Transcribe: the demo model on a demo clip
        Path clip =
                FxCalls.call(
                        () ->
                                wb.datasets()
                                        .audioPathOf(wb.datasets().shownProperty().get())
                                        .orElseThrow());
        FxCalls.call(
                () -> {
                    wb.show(View.TRANSCRIBE);
                    wb.transcribe().refreshModels();
                    wb.transcribe().modelProperty().set(wb.transcribe().models().get(0));
                    wb.transcribe().transcribeFile(clip);
                    return null;
                });
        waitFor("the transcript", 120, () -> wb.transcribe().latencyMsProperty().get() >= 0);
        settle();
        save("transcribe");
    }

    private void selectRow(int index) throws Exception {
        FxCalls.call(
                () -> {
                    TableView<UtteranceRow> table = table();
                    table.getSelectionModel().clearAndSelect(index);
                    table.getFocusModel().focus(index);
                    table.scrollTo(index);
                    table.requestFocus();
                    return null;
                });
    }

    private static void waitForClip(Workbench wb) throws Exception {
        waitFor(
                "the clip's waveform and spectrogram",
                30,
                () ->
                        wb.datasets().waveform().spectrogramProperty().get() != null
                                && wb.datasets().waveform().envelopeProperty().get() != null);
    }

    private static void waitForRunEnd(TrainingViewModel training) throws Exception {
        waitFor("the run to start", 30, training.runningProperty()::get);
        waitFor("the run to end", 600, () -> !training.runningProperty().get());
    }

    @SuppressWarnings("unchecked")
    private TableView<UtteranceRow> table() {
        return (TableView<UtteranceRow>) stage.getScene().lookup("#utterance-table");
    }

    /** Lets layout, CSS and a few pulses pass, then waits for the FX thread to be idle. */
    private static void settle() throws Exception {
        Thread.sleep(800);
        FxCalls.call(() -> null);
    }

    private void save(String name) throws Exception {
        WritableImage shot = FxCalls.call(() -> stage.getScene().snapshot(null));
        BufferedImage img =
                new BufferedImage(
                        (int) shot.getWidth(), (int) shot.getHeight(), BufferedImage.TYPE_INT_RGB);
        PixelReader pixels = shot.getPixelReader();
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                img.setRGB(x, y, pixels.getArgb(x, y));
            }
        }
        Path file = out.resolve(name + ".png");
        if (!ImageIO.write(img, "png", file.toFile())) {
            throw new IOException("no PNG writer for " + file);
        }
        System.out.println("saved " + file);
    }

    private void close() {
        try {
            FxCalls.call(
                    () -> {
                        if (app != null) {
                            if (app.workbench() != null
                                    && app.workbench().training().runningProperty().get()) {
                                app.workbench().training().stop();
                            }
                            app.stop();
                        }
                        return null;
                    });
        } catch (Exception e) {
            throw new IllegalStateException("the screenshot tour failed", e);
        }
    }

    private static void waitFor(String what, int seconds, BooleanSupplier ready) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!FxCalls.call(ready::getAsBoolean)) {
            if (System.nanoTime() > end) {
                throw new AssertionError("gave up waiting " + seconds + " s for " + what);
            }
            Thread.sleep(200);
        }
    }
}
