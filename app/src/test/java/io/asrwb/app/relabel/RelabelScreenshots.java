package io.asrwb.app.relabel;

import io.asrwb.app.AppContext;
import io.asrwb.app.ViewShots;
import io.asrwb.app.align.AlignmentViewModel;
import io.asrwb.app.datasets.DatasetsViewModel;
import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.app.waveform.WaveformViewModel;
import io.asrwb.engine.audio.io.AudioPlayer;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.testing.DemoSubset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import javafx.application.Platform;

/**
 * The Re-label tab's screenshot for the README: the demo corpus's test clips of up to 10 s (one
 * label swapped, see {@link RelabelFixture}) after one eval and one alignment with the demo model,
 * dark theme, on a real display (Xvfb). Usage: {@code
 * RelabelScreenshots OUT_DIR WORK_DIR}, run from the repository root as {@code ErrorsScreenshots}
 * is (the command line is in docs/SCREENSHOTS.md).
 */
public final class RelabelScreenshots {

    private RelabelScreenshots() {}

    public static void main(String[] args) throws Exception {
        Path out = Files.createDirectories(Path.of(args[0]));
        Path work = Path.of(args[1]);
        Platform.startup(() -> {});
        try (Catalog catalog = Catalog.open(work.resolve("catalog"))) {
            AppContext ctx =
                    new AppContext(catalog, new CurrentThreadTaskRunner(), Clock.systemUTC(), "t");
            DatasetsViewModel datasets = new DatasetsViewModel(ctx);
            RelabelFixture.prepare(work, ctx, datasets, 10, 225);
            AlignmentViewModel align = new AlignmentViewModel(ctx);
            align.datasetProperty().set("mini");
            align.modelProperty().set(DemoSubset.demoCorpus().resolveSibling("demo-model"));
            align.align();
            try (WaveformViewModel player = new WaveformViewModel(ctx.tasks(), new AudioPlayer())) {
                RelabelViewModel vm = new RelabelViewModel(ctx, datasets, player);
                ViewShots.shoot(new RelabelView(vm), out.resolve("relabel.png"));
            }
        }
        Platform.exit();
    }
}
