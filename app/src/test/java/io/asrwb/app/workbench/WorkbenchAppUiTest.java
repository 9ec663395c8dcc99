package io.asrwb.app.workbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** The real app, headless on Monocle: first start imports the demo corpus and shows it. */
class WorkbenchAppUiTest extends FxRobot {

    @TempDir static Path tmp;
    private static javafx.application.Application app;

    @BeforeAll
    static void startApp() throws Exception {
        System.setProperty(WorkbenchApp.DB_PROPERTY, tmp.resolve("catalog").toString());
        System.setProperty(
                "asrwb.assets", Path.of("..", "assets").toAbsolutePath().normalize().toString());
        Stage stage = FxToolkit.registerPrimaryStage();
        app = FxToolkit.setupApplication(WorkbenchApp.class);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(stage).isNotNull();
    }

    @AfterAll
    static void stopApp() throws Exception {
        FxToolkit.cleanupApplication(app);
        FxToolkit.cleanupStages();
        System.clearProperty(WorkbenchApp.DB_PROPERTY);
        System.clearProperty("asrwb.assets");
    }

    @Test
    void opensOnTheDemoCorpusAndFilters() throws Exception {
        WaitForAsyncUtils.waitFor(
                60,
                TimeUnit.SECONDS,
                () ->
                        lookup("#utterance-table").queryAs(TableView.class).getItems().size()
                                == 1350);
        ListView<?> list = lookup("#dataset-list").queryAs(ListView.class);
        assertThat(list.getItems()).hasSize(1);
        assertThat(lookup("#status-label").queryAs(Label.class).getText())
                .contains("1350 utterances imported");

        clickOn("#utterance-filter").write("flite-slt-002");
        WaitForAsyncUtils.waitForFxEvents();
        TableView<?> table = lookup("#utterance-table").queryAs(TableView.class);
        assertThat(table.getItems()).hasSize(1);
    }

    @Test
    void hasTheHostsAndRemoteJobsTabs() {
        clickOn("Hosts");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(lookup("#hosts-table").tryQuery()).isPresent();
        clickOn("Remote jobs");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(lookup("#jobs-table").tryQuery()).isPresent();
        assertThat(lookup("#job-chart-loss").tryQuery()).isPresent();
        clickOn("Datasets"); // the other test types into the Datasets tab's filter
        WaitForAsyncUtils.waitForFxEvents();
    }
}
