package io.asrwb.app.workbench;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.transcribe.TranscribeViewModel;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The real app, headless on Monocle: first start imports the demo corpus and shows it with the
 * first utterance selected, in the window size the settings remember, with File/View/Help menus.
 */
class WorkbenchAppUiTest extends FxRobot {

    @TempDir static Path tmp;
    private static javafx.application.Application app;

    @BeforeAll
    static void startApp() throws Exception {
        System.setProperty(WorkbenchApp.DB_PROPERTY, tmp.resolve("catalog").toString());
        // A window the user left at 900×640 at (30, 20) last time.
        Path settings = tmp.resolve("settings.properties");
        java.nio.file.Files.writeString(
                settings,
                "window.x=30\nwindow.y=20\nwindow.width=900\nwindow.height=640\n"
                        + "window.maximised=false\n");
        System.setProperty(WorkbenchApp.SETTINGS_PROPERTY, settings.toString());
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
        System.clearProperty(WorkbenchApp.SETTINGS_PROPERTY);
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
    void theChosenModelLoadsInTheBackgroundOnceTheWindowIsInteractive() throws Exception {
        TranscribeViewModel transcribe = ((WorkbenchApp) app).workbench().transcribe();
        WaitForAsyncUtils.waitFor(
                120, TimeUnit.SECONDS, () -> transcribe.warmModelProperty().get() != null);
        assertThat(transcribe.warmModelProperty().get())
                .isEqualTo(transcribe.modelProperty().get().checkpoint());
    }

    @Test
    void ctrlShiftROpensTheRelabelTabOnTheSelectedDataset() throws Exception {
        WaitForAsyncUtils.waitFor(
                60,
                TimeUnit.SECONDS,
                () ->
                        lookup("#utterance-table").queryAs(TableView.class).getItems().size()
                                == 1350);
        press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.R)
                .release(KeyCode.R, KeyCode.SHIFT, KeyCode.CONTROL);
        WaitForAsyncUtils.waitFor(
                30,
                TimeUnit.SECONDS,
                () ->
                        lookup("#relabel-status").tryQuery().isPresent()
                                && lookup("#relabel-status")
                                        .queryAs(Label.class)
                                        .getText()
                                        .contains("demo"));
        Workbench wb = ((WorkbenchApp) app).workbench();
        assertThat(wb.navigation().current()).contains(View.RELABEL);
        interact(() -> wb.show(View.DATASETS));
    }

    @Test
    void hasTheHostsAndRemoteJobsTabs() {
        clickOn("#nav-remote").clickOn("Hosts");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(lookup("#hosts-table").tryQuery()).isPresent();
        clickOn("Remote jobs");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(lookup("#jobs-table").tryQuery()).isPresent();
        assertThat(lookup("#job-chart-loss").tryQuery()).isPresent();
        clickOn("#nav-data")
                .clickOn("Datasets"); // the other test types into the Datasets tab's filter
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void firstStartSelectsTheFirstUtteranceSoTheWaveformShowsAClip() throws Exception {
        WaitForAsyncUtils.waitFor(
                60,
                TimeUnit.SECONDS,
                () -> !lookup("#utterance-table").queryAs(TableView.class).getItems().isEmpty());
        TableView<?> table = lookup("#utterance-table").queryAs(TableView.class);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !table.getSelectionModel().isEmpty());
        assertThat(table.getSelectionModel().getSelectedIndex()).isZero();
        WaitForAsyncUtils.waitFor(
                20,
                TimeUnit.SECONDS,
                () ->
                        ((WorkbenchApp) app).workbench().datasets().waveform().audioProperty().get()
                                != null);
    }

    @Test
    void theWindowOpensWhereTheSettingsRememberIt() {
        Stage stage = (Stage) lookup("#utterance-table").query().getScene().getWindow();
        assertThat(stage.getWidth()).isEqualTo(900);
        assertThat(stage.getHeight()).isEqualTo(640);
        assertThat(stage.getX()).isEqualTo(30);
        assertThat(stage.getY()).isEqualTo(20);
    }

    @Test
    void fileViewAndHelpMenusOfferTheirItems() throws Exception {
        MenuBar bar = lookup(".menu-bar").queryAs(MenuBar.class);
        assertThat(bar.getMenus())
                .extracting(Menu::getText)
                .containsExactly("File", "View", "Help");
        assertThat(bar.getMenus().get(0).getItems())
                .extracting(MenuItem::getId)
                .contains(
                        "menu-import",
                        "menu-import-long",
                        "menu-recent",
                        "menu-export",
                        "menu-open-prompts",
                        "menu-quit");
        assertThat(bar.getMenus().get(2).getItems())
                .extracting(MenuItem::getId)
                .containsExactly("menu-shortcuts", "menu-about");

        MenuItem shortcuts = bar.getMenus().get(2).getItems().get(0);
        interact(shortcuts::fire);
        WaitForAsyncUtils.waitForFxEvents();
        TableView<?> list = lookup("#shortcuts-table").queryAs(TableView.class);
        assertThat(list.getItems()).hasSameSizeAs(Shortcuts.ALL);
        assertThat(Shortcuts.ALL)
                .extracting(Shortcuts.Shortcut::keys)
                .contains(
                        "Ctrl+Shift+H",
                        "Ctrl+Shift+S",
                        "Ctrl+Shift+P",
                        "Ctrl+Shift+L",
                        "Ctrl+Shift+A",
                        "Ctrl+Shift+O",
                        "Ctrl+Q",
                        "Ctrl+Shift+R",
                        "Enter, A",
                        "S, Space");
        interact(() -> list.getScene().getWindow().hide());

        MenuItem about = bar.getMenus().get(2).getItems().get(1);
        interact(about::fire);
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.control.TextArea text =
                lookup("#about-text").queryAs(javafx.scene.control.TextArea.class);
        assertThat(text.getText())
                .contains(
                        "GPL-3.0-or-later",
                        "TarsosDSP",
                        "Java " + System.getProperty("java.version"));
        interact(() -> text.getScene().getWindow().hide());
    }
}
