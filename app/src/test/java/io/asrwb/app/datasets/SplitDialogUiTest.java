package io.asrwb.app.datasets;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.AppContext;
import io.asrwb.app.align.AlignmentView;
import io.asrwb.app.align.AlignmentViewModel;
import io.asrwb.app.errors.CompareView;
import io.asrwb.app.errors.CompareViewModel;
import io.asrwb.app.errors.ErrorsView;
import io.asrwb.app.errors.ErrorsViewModel;
import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.app.tasks.FxTaskRunner;
import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.data.SplitChoice;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.testing.DemoSubset;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Headless: Datasets → Split… asks in a dialog and splits off the FX thread; the Errors, A/B and
 * Alignment tabs offer "all" beside train, val and test.
 */
class SplitDialogUiTest extends FxRobot {

    @TempDir Path dir;
    private Catalog catalog;
    private FxTaskRunner tasks;
    private AppContext ctx;

    @BeforeEach
    void importDemoSpeechWithoutSplits() throws Exception {
        catalog = Catalog.open(dir.resolve("catalog"));
        Path manifest = DemoSubset.writeUnsplit(dir.resolve("corpus"), 3, 2, 3.0);
        new DatasetsViewModel(
                        new AppContext(
                                catalog, new CurrentThreadTaskRunner(), Clock.systemUTC(), "t"))
                .importDataset(new ImportRequest(DatasetFormat.NEMO, manifest, "real"));
        tasks = new FxTaskRunner();
        ctx = new AppContext(catalog, tasks, Clock.systemUTC(), "t");
        FxToolkit.registerPrimaryStage();
    }

    @AfterEach
    void close() throws Exception {
        FxToolkit.cleanupStages();
        tasks.close();
        catalog.close();
    }

    private static void show() throws Exception {
        FxToolkit.setupStage(
                stage -> {
                    stage.setWidth(1300);
                    stage.setHeight(700);
                    stage.show();
                });
    }

    @Test
    void splitAsksForSharesAndDealsWholeSpeakers() throws Exception {
        DatasetsViewModel vm = new DatasetsViewModel(ctx);
        FxToolkit.setupSceneRoot(
                () -> {
                    DatasetsView view = new DatasetsView(vm);
                    vm.refresh();
                    return view;
                });
        show();

        clickOn("#split-button");
        WaitForAsyncUtils.waitFor(
                10, TimeUnit.SECONDS, () -> lookup("#split-dialog").tryQuery().isPresent());
        clickOn(lookup("#split-dialog").queryAs(DialogPane.class).lookupButton(ButtonType.OK));
        WaitForAsyncUtils.waitFor(
                60,
                TimeUnit.SECONDS,
                () ->
                        lookup("#status-label")
                                .queryAs(Label.class)
                                .getText()
                                .startsWith("Split 'real'"));

        assertThat(lookup("#status-label").queryAs(Label.class).getText())
                .isEqualTo("Split 'real' by speaker as version 2: train 2, val 2, test 2");
    }

    @Test
    void theErrorsABAndAlignmentTabsOfferAll() throws Exception {
        FxToolkit.setupSceneRoot(
                () ->
                        new VBox(
                                new ErrorsView(new ErrorsViewModel(ctx)),
                                new CompareView(new CompareViewModel(ctx)),
                                new AlignmentView(new AlignmentViewModel(ctx))));
        show();

        for (String chooser :
                new String[] {"#errors-split", "#compare-split", "#alignment-split"}) {
            ChoiceBox<?> split = lookup(chooser).queryAs(ChoiceBox.class);
            assertThat(List.<Object>copyOf(split.getItems()))
                    .as(chooser)
                    .containsExactly(
                            SplitChoice.TRAIN, SplitChoice.VAL, SplitChoice.TEST, SplitChoice.ALL);
        }
    }
}
