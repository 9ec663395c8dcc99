package io.asrwb.app.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.workbench.WorkbenchApp;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** The real app, headless on Monocle: a negative learning rate typed into the sheet is named. */
class HyperparametersUiTest extends FxRobot {

    @TempDir static Path tmp;
    private static javafx.application.Application app;

    @BeforeAll
    static void startApp() throws Exception {
        System.setProperty(WorkbenchApp.DB_PROPERTY, tmp.resolve("catalog").toString());
        System.setProperty(
                WorkbenchApp.SETTINGS_PROPERTY, tmp.resolve("settings.properties").toString());
        System.setProperty(
                "asrwb.assets", Path.of("..", "assets").toAbsolutePath().normalize().toString());
        FxToolkit.registerPrimaryStage();
        app = FxToolkit.setupApplication(WorkbenchApp.class);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @AfterAll
    static void stopApp() throws Exception {
        FxToolkit.cleanupApplication(app);
        FxToolkit.cleanupStages();
        System.clearProperty(WorkbenchApp.DB_PROPERTY);
        System.clearProperty(WorkbenchApp.SETTINGS_PROPERTY);
        System.clearProperty("asrwb.assets");
    }

    @Test
    void typingANegativeLearningRateShowsTheViolationAndDisablesRun() throws Exception {
        clickOn("#nav-train").clickOn("Hyperparameters");
        WaitForAsyncUtils.waitForFxEvents();
        Label runState = lookup("#hyper-run-state").queryAs(Label.class);
        assertThat(runState.getText()).isEqualTo("Ready to run");
        assertThat(lookup("#hyper-diff").<ListView<?>>query().getItems())
                .as("diff on opening")
                .isEmpty();

        TitledPane optim =
                lookup(".titled-pane").queryAllAs(TitledPane.class).stream()
                        .filter(p -> p.getText().equals("optim"))
                        .findFirst()
                        .orElseThrow();
        if (!optim.isExpanded()) {
            clickOn(optim.lookup(".title"));
        }
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, optim::isExpanded);
        WaitForAsyncUtils.waitForFxEvents();
        TextField lr = lookup("#field-optim-lr").queryAs(TextField.class);
        doubleClickOn(lr).press(KeyCode.CONTROL).type(KeyCode.A).release(KeyCode.CONTROL);
        write("-1");
        WaitForAsyncUtils.waitForFxEvents();

        ListView<?> violations = lookup("#hyper-violations").queryAs(ListView.class);
        assertThat(violations.getItems())
                .as(
                        "violations after typing, field shows '%s', status '%s'",
                        lr.getText(), lookup("#hyper-status").queryAs(Label.class).getText())
                .extracting(Object::toString)
                .anySatisfy(v -> assertThat(v).startsWith("optim.lr: must be > 0"));
        assertThat(runState.getText()).contains("Run disabled");
        assertThat(lr.getPseudoClassStates()).extracting(Object::toString).contains("invalid");
        ListView<?> diff = lookup("#hyper-diff").queryAs(ListView.class);
        assertThat(diff.getItems())
                .extracting(Object::toString)
                .anySatisfy(d -> assertThat(d).startsWith("optim.lr:"));
    }
}
