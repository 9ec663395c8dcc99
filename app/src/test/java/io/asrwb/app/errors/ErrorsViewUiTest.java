package io.asrwb.app.errors;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.AppContext;
import io.asrwb.app.datasets.DatasetsViewModel;
import io.asrwb.app.datasets.ImportRequest;
import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.app.tasks.FxTaskRunner;
import io.asrwb.engine.analysis.ScoredUtterance;
import io.asrwb.engine.analysis.WordEdit;
import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.testing.DemoSubset;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
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

/** The Errors tab headless: Evaluate runs off the FX thread, then the diff and tables fill. */
class ErrorsViewUiTest extends FxRobot {

    @TempDir Path dir;
    private Catalog catalog;
    private FxTaskRunner tasks;
    private ErrorsViewModel vm;

    @BeforeEach
    void show() throws Exception {
        catalog = Catalog.open(dir.resolve("catalog"));
        Path manifest = MislabelledSubset.write(dir.resolve("corpus"), 8);
        new DatasetsViewModel(
                        new AppContext(
                                catalog, new CurrentThreadTaskRunner(), Clock.systemUTC(), "t"))
                .importDataset(new ImportRequest(DatasetFormat.NEMO, manifest, "mini"));
        tasks = new FxTaskRunner();
        vm = new ErrorsViewModel(new AppContext(catalog, tasks, Clock.systemUTC(), "t"));
        vm.modelProperty().set(DemoSubset.demoCorpus().resolveSibling("demo-model"));
        FxToolkit.registerPrimaryStage();
        FxToolkit.setupSceneRoot(() -> new ErrorsView(vm));
        FxToolkit.setupStage(
                stage -> {
                    stage.setWidth(1300);
                    stage.setHeight(700);
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
    void evaluateShowsTheColouredDiffOfTheWorstUtteranceAndTheCorpusTables() throws Exception {
        clickOn("#errors-dataset").write("mini");
        press(KeyCode.ALT, KeyCode.E).release(KeyCode.E, KeyCode.ALT);
        WaitForAsyncUtils.waitFor(
                120,
                TimeUnit.SECONDS,
                () -> lookup("#errors-status").queryAs(Label.class).getText().startsWith("8 utt"));
        WaitForAsyncUtils.waitForFxEvents();

        TableView<?> utterances = lookup("#errors-utterances").queryAs(TableView.class);
        assertThat(utterances.getItems()).hasSize(8);
        assertThat(utterances.getSelectionModel().getSelectedIndex()).isZero();
        ScoredUtterance worst = vm.rows().get(0).scored();
        assertThat(worst.wordErrors()).as("the mislabelled clip").isPositive();
        List<Text> words = texts("#errors-diff");
        long subs = words.stream().filter(t -> has(t, "diff-substitution")).count();
        long dels = words.stream().filter(t -> has(t, "diff-deletion")).count();
        long ins = words.stream().filter(t -> has(t, "diff-insertion")).count();
        assertThat(subs / 2 + dels + ins)
                .as("each error drawn: a substitution as two words, struck and heard")
                .isEqualTo(worst.wordErrors());
        words.stream()
                .filter(t -> has(t, "diff-substitution"))
                .forEach(t -> assertThat(t.getFill()).isEqualTo(WordDiffFlow.SUBSTITUTION));
        words.stream()
                .filter(t -> has(t, "diff-deletion"))
                .forEach(
                        t -> {
                            assertThat(t.getFill()).isEqualTo(WordDiffFlow.DELETION);
                            assertThat(t.isStrikethrough()).isTrue();
                        });
        words.stream()
                .filter(t -> has(t, "diff-insertion"))
                .forEach(t -> assertThat(t.getFill()).isEqualTo(WordDiffFlow.INSERTION));
        assertThat(words.stream().filter(t -> has(t, "diff-match")).count())
                .isEqualTo(worst.referenceWords() - subs / 2 - dels);
        assertThat(lookup("#errors-audio").queryAs(Label.class).getText())
                .isEqualTo(vm.rows().get(0).audio().toString());

        assertThat(items("#errors-substitutions"))
                .isEqualTo(vm.reportProperty().get().substitutions().size());
        showTab("Words");
        assertThat(items("#errors-words")).isPositive();
        showTab("Speakers");
        assertThat(items("#errors-by-speaker")).isPositive();
        showTab("Durations");
        assertThat(items("#errors-by-duration")).isPositive();
        showTab("Folders");
        assertThat(items("#errors-by-folder")).isPositive();
        showTab("Fields");
        ChoiceBox<?> fields = lookup("#errors-by-field-choice").queryAs(ChoiceBox.class);
        assertThat(fields.getItems())
                .as("the demo manifest has no fields besides its own")
                .isEmpty();

        // keyboard: the next row's diff follows the table's selection
        clickOn(utterances.lookup(".table-row-cell"));
        type(KeyCode.DOWN);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(vm.selectedProperty().get()).isEqualTo(vm.rows().get(1));
        assertThat(lookup("#errors-audio").queryAs(Label.class).getText())
                .isEqualTo(vm.rows().get(1).audio().toString());
    }

    @Test
    void everyKindOfErrorHasItsColourAndMark() {
        TextFlow flow = new TextFlow();
        WordDiffFlow.fill(
                flow,
                List.of(
                        new WordEdit(WordEdit.Kind.MATCH, "turn", "turn"),
                        new WordEdit(WordEdit.Kind.SUBSTITUTION, "left", "lift"),
                        new WordEdit(WordEdit.Kind.DELETION, "now", ""),
                        new WordEdit(WordEdit.Kind.INSERTION, "", "uh")));

        List<Text> words =
                flow.getChildren().stream()
                        .map(Text.class::cast)
                        .filter(t -> !t.getText().isBlank())
                        .toList();
        assertThat(words)
                .extracting(Text::getText)
                .containsExactly("turn", "left", "→lift", "now", "+uh");
        assertThat(words.get(1).isStrikethrough()).isTrue();
        assertThat(words.get(1).getFill()).isEqualTo(WordDiffFlow.SUBSTITUTION);
        assertThat(words.get(2).getFill()).isEqualTo(WordDiffFlow.SUBSTITUTION);
        assertThat(words.get(3).isStrikethrough()).isTrue();
        assertThat(words.get(3).getFill()).isEqualTo(WordDiffFlow.DELETION);
        assertThat(words.get(4).isUnderline()).isTrue();
        assertThat(words.get(4).getFill()).isEqualTo(WordDiffFlow.INSERTION);
        assertThat(words.get(0).getStyleClass()).contains("diff-match");
    }

    private List<Text> texts(String flow) {
        return lookup(flow).queryAs(TextFlow.class).getChildren().stream()
                .filter(Text.class::isInstance)
                .map(Text.class::cast)
                .filter(t -> !t.getText().isBlank())
                .toList();
    }

    /**
     * Shows the corpus table's tab by selecting it as Ctrl+Tab would: with six tabs the header row
     * can overflow the pane (how wide it is depends on the stage an earlier test left), and a
     * header scrolled out of sight cannot be clicked.
     */
    private void showTab(String title) {
        Tab tab =
                lookup(".tab-pane").queryAllAs(TabPane.class).stream()
                        .flatMap(p -> p.getTabs().stream())
                        .filter(t -> title.equals(t.getText()))
                        .findFirst()
                        .orElseThrow(() -> new AssertionError("no tab " + title));
        interact(() -> tab.getTabPane().getSelectionModel().select(tab));
        WaitForAsyncUtils.waitForFxEvents();
    }

    private int items(String table) {
        return lookup(table).queryAs(TableView.class).getItems().size();
    }

    private static boolean has(Text t, String styleClass) {
        return t.getStyleClass().contains(styleClass);
    }
}
