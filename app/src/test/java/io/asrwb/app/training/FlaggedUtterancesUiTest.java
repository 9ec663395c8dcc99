package io.asrwb.app.training;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.AppContext;
import io.asrwb.app.tasks.FxTaskRunner;
import io.asrwb.engine.store.Catalog;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.ListView;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Training tab headless: the list above the status line appears when the run flags an
 * utterance behind a non-finite loss, and names it with the reason.
 */
class FlaggedUtterancesUiTest extends FxRobot {

    @TempDir Path tmp;
    private Catalog catalog;
    private FxTaskRunner tasks;
    private TrainingViewModel vm;

    @BeforeEach
    void show() throws Exception {
        catalog = Catalog.open(tmp.resolve("catalog"));
        DemoDataset.importInto(catalog, tmp.resolve("data"));
        FxToolkit.registerPrimaryStage();
        tasks = new FxTaskRunner();
        vm =
                new TrainingViewModel(
                        new AppContext(catalog, tasks, Clock.systemUTC(), "tester"),
                        DemoDataset.tinyConfig(),
                        tmp.resolve("runs"));
        FxToolkit.setupSceneRoot(
                () -> {
                    vm.refresh();
                    return new TabPane(new Tab("Training", new TrainingView(vm)));
                });
        FxToolkit.setupStage(
                stage -> {
                    stage.setWidth(1200);
                    stage.setHeight(760);
                    stage.show();
                });
    }

    @AfterEach
    void close() throws Exception {
        tasks.close();
        FxToolkit.cleanupStages();
        catalog.close();
    }

    @Test
    @SuppressWarnings("unchecked")
    void theFlaggedUtteranceIsListedAboveTheStatus() throws Exception {
        assertThat(lookup("#training-flagged").queryAs(Node.class).isVisible()).isFalse();
        String id = PlantedTranscript.plant(catalog);

        clickOn("#training-start");
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> vm.runningProperty().get());
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> !vm.runningProperty().get());
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(lookup("#training-flagged").queryAs(Node.class).isVisible()).isTrue();
        assertThat(lookup("#training-flagged-list").queryAs(ListView.class).getItems())
                .singleElement()
                .asString()
                .startsWith(id + ": CTC loss is infinite: ");
        assertThat(lookup("#training-flagged").lookup(".label").queryAll())
                .anySatisfy(
                        n ->
                                assertThat(((javafx.scene.control.Label) n).getText())
                                        .startsWith("1 utterance behind a non-finite loss"));
    }
}
