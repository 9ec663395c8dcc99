package io.asrwb.app.record;

import io.asrwb.app.AppContext;
import io.asrwb.app.FxCalls;
import io.asrwb.app.ViewShots;
import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.testing.DemoSubset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import javafx.application.Platform;

/**
 * The Record tab's screenshot for the README, on a real display (Xvfb): two demo clips kept as
 * takes of "my voice", the third prompt's take shown (a demo clip stands in for the microphone).
 * Usage: {@code RecordScreenshots OUT_DIR WORK_DIR}; the command line is in docs/SCREENSHOTS.md.
 */
public final class RecordScreenshots {

    private RecordScreenshots() {}

    public static void main(String[] args) throws Exception {
        Path out = Files.createDirectories(Path.of(args[0]));
        Path work = Files.createDirectories(Path.of(args[1]));
        Path audio = DemoSubset.demoCorpus().resolve("audio/espeak-en-us-m1");
        Path prompts =
                Files.writeString(
                        work.resolve("prompts.txt"),
                        "please turn left\none hundred thirty four\n"
                                + "my number is eight five eight two four eight six\n"
                                + "six seven five six seven five seven\n"
                                + "eight thousand two hundred fifty four\n");
        Platform.startup(() -> {});
        try (Catalog catalog = Catalog.open(work.resolve("catalog"))) {
            RecordViewModel vm =
                    new RecordViewModel(
                            new AppContext(
                                    catalog, new CurrentThreadTaskRunner(), Clock.systemUTC(), "t"),
                            Platform::runLater,
                            work.resolve("recordings"));
            RecordView view =
                    FxCalls.call(
                            () -> {
                                vm.openPrompts(prompts);
                                vm.dataset.set("my voice");
                                vm.speaker.set("Ann");
                                for (int i = 0; i < 3; i++) {
                                    vm.took(
                                            AudioFiles.load(
                                                    audio.resolve(
                                                            String.format(
                                                                    java.util.Locale.ROOT,
                                                                    "espeak-en-us-m1-%03d.flac",
                                                                    i))));
                                    if (i < 2) {
                                        vm.accept();
                                    }
                                }
                                return new RecordView(vm);
                            });
            ViewShots.shoot(view, out.resolve("record.png"));
            FxCalls.call(
                    () -> {
                        vm.close();
                        return null;
                    });
        }
        Platform.exit();
    }
}
