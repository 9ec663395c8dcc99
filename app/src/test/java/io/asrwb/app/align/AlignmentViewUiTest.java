package io.asrwb.app.align;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.AppContext;
import io.asrwb.app.datasets.DatasetsViewModel;
import io.asrwb.app.datasets.ImportRequest;
import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.app.tasks.FxTaskRunner;
import io.asrwb.app.words.WordSpan;
import io.asrwb.engine.align.AlignedWord;
import io.asrwb.engine.align.StoredAlignment;
import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.testing.DemoSubset;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** The Alignment tab headless: Align runs off the FX thread, then the tables fill. */
class AlignmentViewUiTest extends FxRobot {

    @TempDir Path dir;
    private Catalog catalog;
    private FxTaskRunner tasks;

    private AlignmentViewModel vm;

    @BeforeEach
    void show() throws Exception {
        catalog = Catalog.open(dir.resolve("catalog"));
        Path manifest = DemoSubset.write(dir.resolve("corpus"), 3.0, Map.of("test", 3));
        new DatasetsViewModel(
                        new AppContext(
                                catalog, new CurrentThreadTaskRunner(), Clock.systemUTC(), "t"))
                .importDataset(new ImportRequest(DatasetFormat.NEMO, manifest, "mini"));
        tasks = new FxTaskRunner();
        vm = new AlignmentViewModel(new AppContext(catalog, tasks, Clock.systemUTC(), "t"));
        vm.modelProperty().set(DemoSubset.demoCorpus().resolveSibling("demo-model"));
        FxToolkit.registerPrimaryStage();
        FxToolkit.setupSceneRoot(() -> new AlignmentView(vm));
        FxToolkit.setupStage(
                stage -> {
                    stage.setWidth(1200);
                    stage.setHeight(600);
                    stage.show();
                });
    }

    @AfterEach
    void close() throws Exception {
        FxToolkit.cleanupStages();
        tasks.close();
        catalog.close();
    }

    @Test
    void alignShowsTheUtterancesAndTheSelectedOnesWords() throws Exception {
        clickOn("#align-dataset").write("mini");
        clickOn("#align-button");
        WaitForAsyncUtils.waitFor(
                120,
                TimeUnit.SECONDS,
                () -> lookup("#align-status").queryAs(Label.class).getText().startsWith("Aligned"));
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(lookup("#align-status").queryAs(Label.class).getText())
                .isEqualTo("Aligned 3 utterances");
        TableView<?> utterances = lookup("#align-utterances").queryAs(TableView.class);
        TableView<?> words = lookup("#align-words").queryAs(TableView.class);
        assertThat(utterances.getItems().size()).isEqualTo(3);
        assertThat(words.getItems().size()).isPositive();

        // the selected utterance's clip with its word tiers below the tables
        StoredAlignment shown = vm.selectedProperty().get().alignment();
        WaitForAsyncUtils.waitFor(
                30, TimeUnit.SECONDS, () -> vm.clip().audioProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();
        List<WordSpan> drawn =
                lookup(".word-span").queryAllAs(Label.class).stream()
                        .map(l -> (WordSpan) l.getUserData())
                        .toList();
        assertThat(drawn)
                .filteredOn(w -> w.tier() == WordSpan.Tier.REFERENCE)
                .extracting(WordSpan::word)
                .containsExactlyInAnyOrderElementsOf(
                        shown.referenceWords().stream().map(AlignedWord::word).toList());
        assertThat(drawn)
                .filteredOn(w -> w.tier() == WordSpan.Tier.HYPOTHESIS)
                .hasSameSizeAs(shown.hypothesisWords());
    }
}
