package io.asrwb.app.errors;

import io.asrwb.app.AppContext;
import io.asrwb.app.FxCalls;
import io.asrwb.app.ViewShots;
import io.asrwb.app.datasets.DatasetsView;
import io.asrwb.app.datasets.DatasetsViewModel;
import io.asrwb.app.datasets.ImportRequest;
import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.engine.analysis.Change;
import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.testing.DemoSubset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import javafx.application.Platform;
import javafx.scene.Parent;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableView;

/**
 * The README's screenshots of error analysis, dark theme, on a real display (Xvfb): the Errors tab
 * (the demo model on the demo corpus's test clips of up to 3 s, the first label made wrong, see
 * {@link MislabelledSubset}); the A/B tab (one trained checkpoint ships, so A is the demo model
 * with its LM beam search and B the same weights decoded greedily); the Datasets view with the
 * wrong clip opened from the Errors tab, its words aligned and the first wrong one selected. Run
 * from the repository root. Usage: {@code ErrorsScreenshots OUT_DIR WORK_DIR}; the command line is
 * in docs/SCREENSHOTS.md.
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
            ViewShots.shoot(new ErrorsView(errors), out.resolve("errors.png"));

            CompareViewModel ab = new CompareViewModel(ctx);
            ab.datasetProperty().set("demo");
            ab.modelAProperty().set(model);
            ab.modelBProperty()
                    .set(
                            Path.of("")
                                    .toAbsolutePath()
                                    .relativize(
                                            greedyCopy(model, work.resolve("greedy"))
                                                    .toAbsolutePath()));
            ab.compare();
            ab.filterProperty().set(Change.REGRESSED);
            ViewShots.shoot(
                    new CompareView(ab),
                    out.resolve("ab.png"),
                    v -> ((TableView<?>) v.lookup("#ab-utterances")).getSelectionModel().select(0));

            ViewShots.shoot(
                    wordSpans(ctx, errors),
                    out.resolve("word-spans.png"),
                    v ->
                            ((SplitPane) v.lookup(".split-pane .split-pane"))
                                    .setDividerPositions(0.3));
        }
        Platform.exit();
    }

    /** The demo model's weights without its decoding.yaml: decoded greedily, no LM. */
    private static Path greedyCopy(Path model, Path to) throws Exception {
        Files.createDirectories(to);
        for (String f : List.of("model.zip", "state.json", "train-config.yaml", "SHA256SUMS")) {
            Files.copy(model.resolve(f), to.resolve(f));
        }
        return to;
    }

    /** The Datasets view after the Errors tab opened its worst row (the mislabelled clip). */
    private static Parent wordSpans(AppContext ctx, ErrorsViewModel errors) throws Exception {
        DatasetsViewModel datasets = new DatasetsViewModel(ctx);
        datasets.refresh();
        DatasetsView view = FxCalls.call(() -> new DatasetsView(datasets));
        errors.setOpenClip(view::reveal);
        errors.selectedProperty().set(errors.rows().get(0));
        FxCalls.call(
                () -> {
                    errors.openSelected(); // aligns the clip now: no alignment is stored
                    return null;
                });
        return view;
    }
}
