package io.asrwb.app.workbench;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.AppContext;
import io.asrwb.app.datasets.DatasetsViewModel;
import io.asrwb.app.datasets.ImportRequest;
import io.asrwb.app.spectrogram.SpectrogramViewModel;
import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.app.tasks.FxTaskRunner;
import io.asrwb.app.words.DemoAlignment;
import io.asrwb.app.words.TimeSpan;
import io.asrwb.app.words.WordSpan;
import io.asrwb.engine.align.AlignedWord;
import io.asrwb.engine.align.ClipAlignment;
import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.testing.DemoSubset;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Spectrogram tab under Monocle: the Datasets view's clip opened there ("Open in viewer") shows
 * its stored words under the plot, a click selects the word's span; another file hides them.
 */
class SpectrogramWordsUiTest extends FxRobot {

    @TempDir Path dir;
    private Catalog catalog;
    private FxTaskRunner tasks;
    private DatasetsViewModel datasets;
    private SpectrogramViewModel spectrogram;

    @BeforeEach
    void alignAndShow() throws Exception {
        catalog = Catalog.open(dir.resolve("catalog"));
        Path manifest = DemoSubset.write(dir.resolve("c"), 3.0, Map.of("test", 2));
        new DatasetsViewModel(
                        new AppContext(
                                catalog, new CurrentThreadTaskRunner(), Clock.systemUTC(), "t"))
                .importDataset(new ImportRequest(DatasetFormat.NEMO, manifest, "mini"));
        DemoAlignment.storeTestSplit(catalog, "mini");
        tasks = new FxTaskRunner();
        datasets = new DatasetsViewModel(new AppContext(catalog, tasks, Clock.systemUTC(), "t"));
        datasets.refresh();
        spectrogram = new SpectrogramViewModel(tasks);
        datasets.setOpenInViewer(spectrogram::open);
        FxToolkit.registerPrimaryStage();
        FxToolkit.setupStage(
                stage -> {
                    stage.setScene(
                            new Scene(SpectrogramWords.create(spectrogram, datasets), 1000, 600));
                    stage.show();
                });
    }

    @AfterEach
    void close() throws Exception {
        FxToolkit.cleanupStages();
        datasets.waveform().close();
        tasks.close();
        catalog.close();
    }

    private void openInViewer(int row) throws Exception {
        interact(
                () -> {
                    datasets.showUtterance(datasets.visibleUtterances().get(row));
                    datasets.openShownInViewer();
                });
        WaitForAsyncUtils.waitFor(
                30,
                TimeUnit.SECONDS,
                () ->
                        !spectrogram.imageProperty().get().isEmpty()
                                && !spectrogram.busyProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void theShownClipsWordsLieUnderThePlotAndAClickSelectsOne() throws Exception {
        openInViewer(0);
        String id = datasets.visibleUtterances().get(0).id();
        List<AlignedWord> stored =
                ClipAlignment.newest(catalog, "mini", id).orElseThrow().words().referenceWords();

        Node tiers = lookup("#word-tier").query();
        assertThat(tiers.getParent().isVisible()).isTrue();
        // the plot may render once more as it settles: click the labels that stay
        WaitForAsyncUtils.waitFor(
                10,
                TimeUnit.SECONDS,
                () -> {
                    List<Label> before = referenceLabels();
                    WaitForAsyncUtils.sleep(300, TimeUnit.MILLISECONDS);
                    WaitForAsyncUtils.waitForFxEvents();
                    List<Label> after = referenceLabels();
                    return !before.isEmpty() && !after.isEmpty() && before.get(0) == after.get(0);
                });
        List<Label> ref = referenceLabels();
        assertThat(ref)
                .extracting(Label::getText)
                .containsExactlyElementsOf(stored.stream().map(AlignedWord::word).toList());

        clickOn(ref.get(0));

        assertThat(datasets.waveform().spans().selectionProperty().get())
                .isEqualTo(new TimeSpan(stored.get(0).startSec(), stored.get(0).endSec()));
    }

    private List<Label> referenceLabels() {
        return lookup(".word-span").queryAllAs(Label.class).stream()
                .filter(l -> ((WordSpan) l.getUserData()).tier() == WordSpan.Tier.REFERENCE)
                .sorted(Comparator.comparingDouble(Label::getLayoutX))
                .toList();
    }

    @Test
    void anotherFileInTheViewerHidesTheWords() throws Exception {
        openInViewer(0);
        Path other = datasets.audioPathOf(datasets.visibleUtterances().get(1)).orElseThrow();
        interact(() -> spectrogram.open(other)); // opened in the viewer, not shown in Datasets
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(lookup("#word-tier").query().getParent().isVisible()).isFalse();
    }
}
