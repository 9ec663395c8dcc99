package io.asrwb.app.workbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.asrwb.app.theme.AppSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Rectangle2D;
import javafx.stage.Screen;
import javafx.stage.Stage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** The main window's bounds on Monocle's headless screen: the first-start default and the round trip. */
class WindowBoundsTest extends FxRobot {

    @TempDir Path tmp;

    @BeforeAll
    static void toolkit() throws Exception {
        FxToolkit.registerPrimaryStage();
    }

    private static <T> T onFx(Callable<T> work) throws Exception {
        return WaitForAsyncUtils.asyncFx(work).get(10, TimeUnit.SECONDS);
    }

    @Test
    void firstStartTakesEightyPercentOfTheScreenCentred() throws Exception {
        AppSettings settings = new AppSettings(tmp.resolve("settings.properties"));
        Rectangle2D screen = onFx(() -> Screen.getPrimary().getVisualBounds());
        Stage stage =
                onFx(
                        () -> {
                            Stage s = new Stage();
                            WindowBounds.restore(s, settings);
                            return s;
                        });
        assertThat(stage.getWidth()).isCloseTo(screen.getWidth() * 0.8, within(1.0));
        assertThat(stage.getHeight()).isCloseTo(screen.getHeight() * 0.8, within(1.0));
        assertThat(stage.getX()).isCloseTo(screen.getMinX() + screen.getWidth() * 0.1, within(1.0));
        assertThat(stage.isMaximized()).isFalse();
    }

    @Test
    void boundsSavedOnCloseComeBackAndAMaximisedWindowStaysMaximised() throws Exception {
        AppSettings settings = new AppSettings(tmp.resolve("settings.properties"));
        onFx(
                () -> {
                    Stage s = new Stage();
                    WindowBounds.restore(s, settings);
                    WindowBounds.rememberOnClose(s, settings);
                    s.show();
                    s.setX(40);
                    s.setY(30);
                    s.setWidth(700);
                    s.setHeight(500);
                    s.hide();
                    return null;
                });
        assertThat(settings.get(WindowBounds.WIDTH)).contains("700");
        assertThat(settings.get(WindowBounds.X)).contains("40");
        Stage again =
                onFx(
                        () -> {
                            Stage s = new Stage();
                            WindowBounds.restore(s, settings);
                            return s;
                        });
        assertThat(again.getWidth()).isEqualTo(700);
        assertThat(again.getHeight()).isEqualTo(500);
        assertThat(again.getY()).isEqualTo(30);

        settings.putAll(Map.of(WindowBounds.MAXIMISED, "true"));
        assertThat(
                        onFx(
                                () -> {
                                    Stage s = new Stage();
                                    WindowBounds.restore(s, settings);
                                    return s.isMaximized();
                                }))
                .isTrue();
    }

    @Test
    void aWindowLeftOffEveryScreenOrAnUnreadableValueFallsBackToTheDefault() throws Exception {
        Path file = tmp.resolve("settings.properties");
        Files.writeString(
                file, "window.x=-90000\nwindow.y=-90000\nwindow.width=800\nwindow.height=600\n");
        AppSettings settings = new AppSettings(file);
        Rectangle2D screen = onFx(() -> Screen.getPrimary().getVisualBounds());
        Stage offScreen =
                onFx(
                        () -> {
                            Stage s = new Stage();
                            WindowBounds.restore(s, settings);
                            return s;
                        });
        assertThat(offScreen.getWidth()).isCloseTo(screen.getWidth() * 0.8, within(1.0));

        Files.writeString(file, "window.x=abc\nwindow.y=0\nwindow.width=800\nwindow.height=600\n");
        Stage garbled =
                onFx(
                        () -> {
                            Stage s = new Stage();
                            WindowBounds.restore(s, new AppSettings(file));
                            return s;
                        });
        assertThat(garbled.getWidth()).isCloseTo(screen.getWidth() * 0.8, within(1.0));
    }

    @Test
    void recentImportsKeepTheNewestFirstWithoutRepeats() {
        RecentImports recent =
                new RecentImports(new AppSettings(tmp.resolve("settings.properties")));
        Path a = tmp.resolve("a.jsonl");
        Path b = tmp.resolve("b.jsonl");
        recent.add(a);
        recent.add(b);
        recent.add(a);
        assertThat(recent.list()).containsExactly(a.toAbsolutePath(), b.toAbsolutePath());
        for (int i = 0; i < 20; i++) {
            recent.add(tmp.resolve("m" + i + ".jsonl"));
        }
        assertThat(recent.list()).hasSize(RecentImports.KEEP);
    }
}
