package io.asrwb.app.workbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Bounds;
import javafx.scene.Scene;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The real app at its first size on a 1280×800 screen (1024×640), headless on Monocle: every view
 * is one group and one tab away, and no label, button, toggle, check box, tab header or menu in
 * any view is drawn cut ("Fla…") or pushed out of the window; the Datasets table shows at least
 * ten rows.
 */
class LayoutAt1024UiTest extends FxRobot {

    @TempDir static Path tmp;
    private static WorkbenchApp app;

    @BeforeAll
    static void startApp() throws Exception {
        System.setProperty(WorkbenchApp.DB_PROPERTY, tmp.resolve("catalog").toString());
        Path settings = tmp.resolve("settings.properties");
        Files.writeString(
                settings,
                "window.x=0\nwindow.y=0\nwindow.width=1024\nwindow.height=640\n"
                        + "window.maximised=false\n");
        System.setProperty(WorkbenchApp.SETTINGS_PROPERTY, settings.toString());
        System.setProperty(WorkbenchApp.RUNS_PROPERTY, tmp.resolve("runs").toString());
        System.setProperty(WorkbenchApp.RECORDINGS_PROPERTY, tmp.resolve("recordings").toString());
        System.setProperty(
                "asrwb.assets", Path.of("..", "assets").toAbsolutePath().normalize().toString());
        FxToolkit.registerPrimaryStage();
        app = (WorkbenchApp) FxToolkit.setupApplication(WorkbenchApp.class);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @AfterAll
    static void stopApp() throws Exception {
        FxToolkit.cleanupApplication(app);
        FxToolkit.cleanupStages();
        for (String p :
                new String[] {
                    WorkbenchApp.DB_PROPERTY,
                    WorkbenchApp.SETTINGS_PROPERTY,
                    WorkbenchApp.RUNS_PROPERTY,
                    WorkbenchApp.RECORDINGS_PROPERTY,
                    "asrwb.assets"
                }) {
            System.clearProperty(p);
        }
    }

    @Test
    void everyViewShowsItsLabelsWholeAt1024x640() throws Exception {
        waitForDemoCorpus();
        Scene scene = app.workbench().navigation().content().getScene();
        assertThat(scene.getWidth()).isEqualTo(1024);
        assertThat(scene.getHeight()).isEqualTo(640);
        List<String> cut = new ArrayList<>();
        for (View view : View.values()) {
            interact(() -> app.workbench().show(view));
            WaitForAsyncUtils.waitForFxEvents();
            Thread.sleep(150); // a view built now lays out over a pulse or two
            WaitForAsyncUtils.waitForFxEvents();
            assertThat(app.workbench().navigation().current()).contains(view);
            Shots.save(scene, Path.of("target", "layout-1024x640", view.id() + ".png"));
            for (String c : io.asrwb.app.FxCalls.call(() -> CutLabels.in(scene))) {
                cut.add(view.title() + ": " + c);
            }
        }
        assertThat(cut).as("labels cut at 1024×640").isEmpty();
    }

    @Test
    void theDatasetsTableShowsAtLeastTenRows() throws Exception {
        waitForDemoCorpus();
        interact(() -> app.workbench().show(View.DATASETS));
        WaitForAsyncUtils.waitForFxEvents();
        TableView<?> table = lookup("#utterance-table").queryAs(TableView.class);
        long rows = io.asrwb.app.FxCalls.call(() -> wholeRows(table));
        assertThat(rows).isGreaterThanOrEqualTo(10);
    }

    @Test
    void ctrlDigitsShowTheGroups() {
        Navigation nav = app.workbench().navigation();
        press(KeyCode.CONTROL, KeyCode.DIGIT4).release(KeyCode.DIGIT4, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(nav.current()).map(View::group).contains(ViewGroup.REMOTE);
        press(KeyCode.CONTROL, KeyCode.DIGIT3).release(KeyCode.DIGIT3, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(nav.current()).map(View::group).contains(ViewGroup.EVALUATE);
        press(KeyCode.CONTROL, KeyCode.DIGIT2).release(KeyCode.DIGIT2, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(nav.current()).map(View::group).contains(ViewGroup.TRAIN);
        press(KeyCode.CONTROL, KeyCode.DIGIT1).release(KeyCode.DIGIT1, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(nav.current()).map(View::group).contains(ViewGroup.DATA);
        interact(() -> nav.show(View.DATASETS));
        for (ViewGroup g : ViewGroup.values()) {
            assertThat(Shortcuts.ALL)
                    .as("Help → Keyboard shortcuts lists " + g.title())
                    .anySatisfy(
                            s -> {
                                assertThat(s.keys()).isEqualTo(g.accelerator().getDisplayText());
                                assertThat(s.what()).startsWith(g.title() + " views: ");
                            });
            for (View v : View.values()) {
                if (v.group() == g) {
                    assertThat(Shortcuts.ALL)
                            .anySatisfy(s -> assertThat(s.what()).contains(v.title()));
                }
            }
        }
    }

    private void waitForDemoCorpus() throws Exception {
        WaitForAsyncUtils.waitFor(
                120,
                TimeUnit.SECONDS,
                () ->
                        lookup("#utterance-table").tryQuery().isPresent()
                                && lookup("#utterance-table")
                                                .queryAs(TableView.class)
                                                .getItems()
                                                .size()
                                        == 1350);
    }

    /** Rows drawn whole between the table's header and its bottom (or horizontal scroll bar). */
    private static long wholeRows(TableView<?> table) {
        VirtualFlow<?> flow = (VirtualFlow<?>) table.lookup(".virtual-flow");
        Bounds view = flow.localToScene(flow.getLayoutBounds());
        double bottom = view.getMaxY();
        for (var n : flow.lookupAll(".scroll-bar")) {
            if (n instanceof ScrollBar bar
                    && bar.isVisible()
                    && bar.getOrientation() == javafx.geometry.Orientation.HORIZONTAL) {
                bottom -= bar.getHeight();
            }
        }
        double limit = bottom + 0.5;
        return flow.lookupAll(".table-row-cell").stream()
                .filter(n -> n instanceof TableRow<?> r && r.isVisible() && r.getItem() != null)
                .map(n -> n.localToScene(n.getLayoutBounds()))
                .filter(b -> b.getMinY() >= view.getMinY() - 0.5 && b.getMaxY() <= limit)
                .count();
    }
}
