package io.asrwb.app.errors;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.AppContext;
import io.asrwb.app.datasets.DatasetsViewModel;
import io.asrwb.app.datasets.ImportRequest;
import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.app.tasks.FxTaskRunner;
import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.testing.DemoSubset;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** The A/B tab headless: Compare runs off the FX thread, then the list, diffs and verdict fill. */
class CompareViewUiTest extends FxRobot {

    @TempDir Path dir;
    private Catalog catalog;
    private FxTaskRunner tasks;

    @BeforeEach
    void show() throws Exception {
        catalog = Catalog.open(dir.resolve("catalog"));
        Path manifest = MislabelledSubset.write(dir.resolve("corpus"), 3);
        new DatasetsViewModel(
                        new AppContext(
                                catalog, new CurrentThreadTaskRunner(), Clock.systemUTC(), "t"))
                .importDataset(new ImportRequest(DatasetFormat.NEMO, manifest, "mini"));
        tasks = new FxTaskRunner();
        CompareViewModel vm =
                new CompareViewModel(new AppContext(catalog, tasks, Clock.systemUTC(), "t"));
        Path model = DemoSubset.demoCorpus().resolveSibling("demo-model");
        vm.modelAProperty().set(model);
        FxToolkit.registerPrimaryStage();
        FxToolkit.setupSceneRoot(() -> new CompareView(vm));
        FxToolkit.setupStage(
                stage -> {
                    stage.setWidth(1300);
                    stage.setHeight(600);
                    stage.show();
                });
        Map.of("#ab-dataset", "mini", "#ab-b", model.toString())
                .forEach((field, text) -> clickOn(field).write(text));
    }

    @AfterEach
    void close() throws Exception {
        FxToolkit.cleanupStages();
        tasks.close();
        catalog.close();
    }

    @Test
    void compareListsTheUtterancesWithBothDiffsAndTheVerdict() throws Exception {
        press(KeyCode.ALT, KeyCode.M).release(KeyCode.M, KeyCode.ALT);
        WaitForAsyncUtils.waitFor(
                120,
                TimeUnit.SECONDS,
                () -> lookup("#ab-status").queryAs(Label.class).getText().startsWith("WER A"));
        WaitForAsyncUtils.waitForFxEvents();

        TableView<?> table = lookup("#ab-utterances").queryAs(TableView.class);
        assertThat(table.getItems().size()).isEqualTo(3);
        assertThat(lookup("#ab-verdict").queryAs(Label.class).getText())
                .contains("95 % interval")
                .endsWith("not significant: the interval holds 0");

        clickOn(table.lookup(".table-row-cell"));
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(lookup("#ab-reference").queryAs(Label.class).getText()).isNotEmpty();
        for (String diff : new String[] {"#ab-diff-a", "#ab-diff-b"}) {
            assertThat(
                            lookup(diff).queryAs(TextFlow.class).getChildren().stream()
                                    .filter(n -> n instanceof Text t && !t.getText().isBlank())
                                    .count())
                    .as(diff)
                    .isPositive();
        }
    }
}
