package io.asrwb.app.words;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.asrwb.app.AppContext;
import io.asrwb.app.datasets.DatasetsView;
import io.asrwb.app.datasets.DatasetsViewModel;
import io.asrwb.app.datasets.ImportRequest;
import io.asrwb.app.errors.ErrorRow;
import io.asrwb.app.errors.ErrorsViewModel;
import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.app.tasks.FxTaskRunner;
import io.asrwb.engine.align.AlignedWord;
import io.asrwb.engine.align.ClipAlignment;
import io.asrwb.engine.align.StoredAlignment;
import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.json.Json;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.testing.DemoSubset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Words on the waveform, headless on Monocle: demo clips in a real H2 catalog aligned by the demo
 * model in the test (the first clip's second word mislabelled), the Datasets view showing the
 * selected clip's tiers; clicks and keys select and play words; an Errors row opens its clip with
 * the wrong word selected.
 */
class WordSpansUiTest extends FxRobot {

    static final String WRONG = "zzz";

    @TempDir Path dir;
    private Catalog catalog;
    private FxTaskRunner tasks;
    private DatasetsViewModel vm;
    private DatasetsView view;
    private String first;

    @BeforeEach
    void alignTheClipsAndShowThem() throws Exception {
        catalog = Catalog.open(dir.resolve("catalog"));
        Path manifest =
                mislabelSecondWord(DemoSubset.write(dir.resolve("c"), 3.0, Map.of("test", 4)));
        AppContext quiet =
                new AppContext(catalog, new CurrentThreadTaskRunner(), Clock.systemUTC(), "t");
        new DatasetsViewModel(quiet)
                .importDataset(new ImportRequest(DatasetFormat.NEMO, manifest, "mini"));
        DemoAlignment.storeTestSplit(catalog, "mini");
        tasks = new FxTaskRunner();
        vm = new DatasetsViewModel(new AppContext(catalog, tasks, Clock.systemUTC(), "t"));
        vm.refresh();
        first = vm.visibleUtterances().get(0).id();
        FxToolkit.registerPrimaryStage();
        FxToolkit.setupStage(
                stage -> {
                    view = new DatasetsView(vm);
                    stage.setScene(new Scene(view, 1200, 760));
                    stage.show();
                });
        // the first row is selected on its own: its clip and its stored words come up
        WaitForAsyncUtils.waitFor(
                30,
                TimeUnit.SECONDS,
                () ->
                        vm.waveform().audioProperty().get() != null
                                && vm.words().tierProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** The first clip's second word replaced: a substitution the model cannot agree with. */
    private static Path mislabelSecondWord(Path manifest) throws Exception {
        List<String> lines = new ArrayList<>(Files.readAllLines(manifest));
        ObjectNode first = (ObjectNode) Json.mapper().readTree(lines.get(0));
        String[] words = first.path("text").asText().strip().split("\\s+");
        words[1] = WRONG;
        first.put("text", String.join(" ", words));
        lines.set(0, Json.mapper().writeValueAsString(first));
        Files.write(manifest, lines);
        return manifest;
    }

    @AfterEach
    void close() throws Exception {
        FxToolkit.cleanupStages();
        vm.waveform().close();
        tasks.close();
        catalog.close();
    }

    private static Path demoModel() {
        return DemoAlignment.demoModel();
    }

    private StoredAlignment stored() {
        return ClipAlignment.newest(catalog, "mini", first).orElseThrow().words();
    }

    /** The word labels drawn in the tier, by row, left to right. */
    private List<Label> drawn(WordSpan.Tier tier) {
        return lookup(".word-span").queryAllAs(Label.class).stream()
                .filter(l -> ((WordSpan) l.getUserData()).tier() == tier)
                .sorted(Comparator.comparingDouble(Label::getLayoutX))
                .toList();
    }

    private static WordSpan span(Label l) {
        return (WordSpan) l.getUserData();
    }

    private TimeSpan selection() {
        return vm.waveform().spans().selectionProperty().get();
    }

    private static TimeSpan of(AlignedWord w) {
        return new TimeSpan(w.startSec(), w.endSec());
    }

    @Test
    void theTierShowsTheStoredWordsOfTheClipInBothRowsColouredByEdit() {
        StoredAlignment s = stored();
        List<Label> ref = drawn(WordSpan.Tier.REFERENCE);
        List<Label> hyp = drawn(WordSpan.Tier.HYPOTHESIS);

        assertThat(ref)
                .extracting(Label::getText)
                .containsExactlyElementsOf(
                        s.referenceWords().stream().map(AlignedWord::word).toList());
        assertThat(ref)
                .extracting(l -> span(l).span())
                .containsExactlyElementsOf(
                        s.referenceWords().stream().map(WordSpansUiTest::of).toList());
        assertThat(hyp)
                .extracting(l -> span(l).span())
                .containsExactlyElementsOf(
                        s.hypothesisWords().stream().map(WordSpansUiTest::of).toList());
        assertThat(ref.get(1).getText()).isEqualTo(WRONG);
        assertThat(ref.get(1).getStyleClass()).contains("word-substitution");
        assertThat(ref.get(0).getStyleClass()).contains("word-match");
        assertThat(ref.get(1).getTooltip().getText())
                .startsWith(WRONG + ": confidence ")
                .endsWith(", substituted");
        // placed by time: a later word lies further right, and the rows line up with the clip
        assertThat(ref.get(1).getLayoutX()).isGreaterThan(ref.get(0).getLayoutX());
        assertThat(lookup("#word-tier-status").queryAs(Label.class).getText())
                .startsWith("Words aligned by demo-model, step ");
    }

    @Test
    void clickingAWordSelectsExactlyItsSpanAndPlaysFromItsStart() {
        AlignedWord third = stored().referenceWords().get(2);
        Label label = drawn(WordSpan.Tier.REFERENCE).get(2);

        clickOn(label);
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(selection()).isEqualTo(of(third));
        assertThat(vm.words().selectedProperty().get().word()).isEqualTo(third.word());
        int rate = vm.waveform().audioProperty().get().sampleRate();
        long start = Math.round(third.startSec() * rate);
        long end = Math.round(third.endSec() * rate);
        // with an audio device it plays up to the word's end; without one it stays at its start
        assertThat(vm.waveform().cursorProperty().get()).isBetween(start, end);
        assertThat(lookup(".word-selected").queryAs(Label.class).getText()).isEqualTo(third.word());
    }

    @Test
    void tabAndArrowsMoveBetweenWordsAndEnterPlaysTheSelectedOne() {
        StoredAlignment s = stored();
        clickOn(drawn(WordSpan.Tier.REFERENCE).get(0));

        type(KeyCode.TAB);
        assertThat(selection()).isEqualTo(of(s.referenceWords().get(1)));
        type(KeyCode.RIGHT);
        assertThat(selection()).isEqualTo(of(s.referenceWords().get(2)));
        press(KeyCode.SHIFT).type(KeyCode.TAB).release(KeyCode.SHIFT);
        assertThat(selection()).isEqualTo(of(s.referenceWords().get(1)));
        type(KeyCode.LEFT);
        assertThat(selection()).isEqualTo(of(s.referenceWords().get(0)));

        type(KeyCode.DOWN);
        WordSpan below = vm.words().selectedProperty().get();
        assertThat(below.tier()).isEqualTo(WordSpan.Tier.HYPOTHESIS);
        assertThat(selection()).isEqualTo(below.span());

        interact(() -> vm.waveform().cursorProperty().set(0));
        type(KeyCode.ENTER);
        int rate = vm.waveform().audioProperty().get().sampleRate();
        assertThat(vm.waveform().cursorProperty().get())
                .as("Enter plays the word from its start")
                .isBetween(Math.round(below.startSec() * rate), Math.round(below.endSec() * rate));
    }

    @Test
    void anErrorsRowOpensItsClipWithTheFirstWrongWordSelected() throws Exception {
        ErrorsViewModel errors =
                new ErrorsViewModel(
                        new AppContext(
                                catalog, new CurrentThreadTaskRunner(), Clock.systemUTC(), "t"));
        errors.datasetProperty().set("mini");
        errors.modelProperty().set(demoModel());
        errors.evaluate();
        ErrorRow wrong =
                errors.rows().stream().filter(r -> r.id().equals(first)).findFirst().orElseThrow();
        assertThat(wrong.scored().wordErrors()).isPositive();
        errors.setOpenClip(view::reveal);
        // another clip is shown first, so opening the row has to move to it
        interact(() -> vm.showUtterance(vm.visibleUtterances().get(2)));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(selection()).isNull();

        interact(
                () -> {
                    errors.selectedProperty().set(wrong);
                    errors.openSelected();
                });
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(vm.shownProperty().get().id()).isEqualTo(first);
        AlignedWord second = stored().referenceWords().get(1);
        assertThat(second.word()).isEqualTo(WRONG);
        assertThat(selection()).isEqualTo(of(second));
        assertThat(lookup(".word-selected").queryAs(Label.class).getText()).isEqualTo(WRONG);
    }
}
