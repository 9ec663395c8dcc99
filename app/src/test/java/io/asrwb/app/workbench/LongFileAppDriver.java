package io.asrwb.app.workbench;

import io.asrwb.app.FxCalls;
import io.asrwb.app.transcribe.TranscribeViewModel;
import io.asrwb.engine.model.layers.ProcessStatus;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import javafx.application.Platform;
import javafx.stage.Stage;

/**
 * The long-file benchmark's app ({@code IN=app bench/transcribe-long.sh}): the real app, headless,
 * opens its window, chooses a checkpoint on the Transcribe tab and transcribes one file there, as a
 * user would with "Transcribe file…". Prints the process's resident set once a minute and at the end
 * (its peak, {@code VmHWM}), the segments shown and the status line, so the figure is the app's own
 * JVM with everything it holds beside the transcription (toolkit, catalog, the model's warm-up).
 *
 * <p>Usage: {@code LongFileAppDriver CHECKPOINT FILE}. Exits 1 when the transcription failed.
 */
public final class LongFileAppDriver {

    private static final Duration REPORT_EVERY = Duration.ofMinutes(1);

    private LongFileAppDriver() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: LongFileAppDriver CHECKPOINT FILE");
            System.exit(2);
        }
        Path checkpoint = Path.of(args[0]);
        Path file = Path.of(args[1]);
        Launcher.prepareNatives(); // what the app's main does before the toolkit starts
        Platform.startup(() -> {});
        WorkbenchApp app = new WorkbenchApp();
        TranscribeViewModel t =
                FxCalls.call(
                        () -> {
                            Stage stage = new Stage();
                            app.start(stage);
                            stage.setWidth(1024);
                            stage.setHeight(640);
                            Workbench wb = app.workbench();
                            wb.show(View.TRANSCRIBE);
                            wb.transcribe().chooseFolder(checkpoint);
                            return wb.transcribe();
                        });
        report("window open, model chosen");
        Instant began = Instant.now();
        FxCalls.call(
                () -> {
                    t.transcribeFile(file);
                    return null;
                });
        Instant nextReport = Instant.now().plus(REPORT_EVERY);
        while (FxCalls.call(() -> t.busyProperty().get())) {
            if (Instant.now().isAfter(nextReport)) {
                nextReport = nextReport.plus(REPORT_EVERY);
                report(FxCalls.call(() -> t.segments().size()) + " segments shown");
            }
            Thread.sleep(500);
        }
        String error = FxCalls.call(() -> t.errorProperty().get());
        report(
                String.format(
                        "done in %d s: %d segments; status '%s'%s",
                        Duration.between(began, Instant.now()).toSeconds(),
                        FxCalls.call(() -> t.segments().size()),
                        FxCalls.call(() -> t.statusProperty().get()),
                        error.isEmpty() ? "" : "; error: " + error));
        FxCalls.call(
                () -> {
                    app.stop();
                    return null;
                });
        System.exit(error.isEmpty() ? 0 : 1);
    }

    /** One line: the time, what happened, and the resident set now and at its peak. */
    private static void report(String what) {
        System.out.printf(
                "app-long-file: %s %s [VmHWM: %d kB, VmRSS: %d kB]%n",
                Instant.now(),
                what,
                ProcessStatus.bytes("VmHWM") / 1024,
                ProcessStatus.bytes("VmRSS") / 1024);
        System.out.flush();
    }
}
