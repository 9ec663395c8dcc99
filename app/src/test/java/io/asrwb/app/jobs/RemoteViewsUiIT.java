package io.asrwb.app.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.AppContext;
import io.asrwb.app.hosts.HostRow;
import io.asrwb.app.hosts.HostsView;
import io.asrwb.app.hosts.HostsViewModel;
import io.asrwb.app.remote.DialogPrompts;
import io.asrwb.app.remote.RemoteServices;
import io.asrwb.app.tasks.FxTaskRunner;
import io.asrwb.app.theme.AppSettings;
import io.asrwb.app.theme.ThemeSwitcher;
import io.asrwb.engine.checkpoint.CheckpointStore;
import io.asrwb.remote.hosts.HostRepository;
import io.asrwb.remote.jobs.core.JobState;
import io.asrwb.remote.testing.JobTestBed;
import io.asrwb.remote.testing.TestRuntime;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import javafx.scene.Node;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.XYChart;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javax.imageio.ImageIO;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Hosts and Remote jobs tabs headless, on a loopback SSH server running the real engine: add a
 * host, test it (trusting its key in the dialog), submit a tiny job, watch the loss chart fill,
 * stop it, resume it, stop it again and fetch its checkpoint.
 */
@Timeout(400)
class RemoteViewsUiIT extends FxRobot {

    @TempDir Path dir;
    private JobTestBed bed;
    private FxTaskRunner tasks;
    private HostsViewModel hosts;
    private JobsViewModel jobs;

    @BeforeEach
    void show() throws Exception {
        bed = new JobTestBed(dir, "demo", 6);
        new HostRepository(bed.catalog)
                .remove(JobTestBed.HOST); // the test adds it through the view
        tasks = new FxTaskRunner();
        AppContext ctx = new AppContext(bed.catalog, tasks, Clock.systemUTC(), "tester");
        FxToolkit.registerPrimaryStage();
        RemoteServices remote =
                new RemoteServices(
                        bed.catalog,
                        DialogPrompts.create(() -> null),
                        JobTestBed.FAST,
                        JobTestBed.FOLLOW,
                        TestRuntime::jars,
                        dir.resolve("app-remote-jobs"),
                        Clock.systemUTC());
        hosts = new HostsViewModel(ctx, remote);
        jobs = new JobsViewModel(ctx, remote);
        FxToolkit.setupSceneRoot(
                () -> {
                    TabPane tabs =
                            new TabPane(
                                    new Tab("Hosts", new HostsView(hosts)),
                                    new Tab("Remote jobs", new JobsView(jobs)));
                    tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
                    return tabs;
                });
        FxToolkit.setupStage(
                stage -> {
                    stage.setWidth(1024); // the window's first size on a 1280×800 screen
                    stage.setHeight(640);
                    new ThemeSwitcher(
                            stage.getScene(), new AppSettings(dir.resolve("settings.properties")));
                    stage.show();
                });
    }

    @AfterEach
    void close() throws Exception {
        JobRow row = jobs.selectedProperty().get();
        if (row != null && row.live()) {
            interact(jobs::stopSelected);
            WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !jobs.busyProperty().get());
        }
        tasks.close();
        FxToolkit.cleanupStages();
        bed.close();
    }

    @Test
    void addTestAndTrustAHostThenSubmitWatchStopResumeAndFetchAJob() throws Exception {
        // Hosts: add through the dialog
        clickOn("#hosts-add");
        setText("#host-name", JobTestBed.HOST);
        setText("#host-address", "127.0.0.1");
        setText("#host-port", Integer.toString(bed.server.port()));
        setText("#host-user", "alice");
        setText("#host-key", bed.key.toString());
        clickOn(button("#host-dialog", ButtonType.OK));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(lookup("#hosts-table").<TableView<?>>query().getItems()).hasSize(1);

        // Test connection: the unknown key is shown and trusted in the dialog
        clickOn("#hosts-test");
        waitFor(30, () -> lookup("#host-key-dialog").tryQuery().isPresent());
        assertThat(lookup("#host-key-fingerprint").queryAs(Label.class).getText())
                .isEqualTo(KeyUtils.getFingerPrint(bed.server.hostKey().getPublic()));
        clickOn(button("#host-key-dialog", DialogPrompts.TRUST_AND_SAVE));
        waitFor(30, () -> !hosts.testingProperty().get());
        HostRow box = hosts.hosts().get(0);
        assertThat(box.gpus()).as(hosts.statusProperty()::get).isEqualTo("CPU box");
        assertThat(box.java()).startsWith("Java ");
        screenshot("hosts.png");

        // Remote jobs: submit a job long enough to stop it half-way
        Path config = Files.writeString(dir.resolve("long.yaml"), JobTestBed.config(400, 5));
        clickOn("Remote jobs");
        clickOn("#jobs-submit");
        waitFor(10, () -> lookup("#submit-dialog").tryQuery().isPresent());
        interact(
                () ->
                        lookup("#submit-config")
                                .queryAs(ComboBox.class)
                                .getEditor()
                                .setText(config.toString()));
        assertThat(lookup("#submit-backend").queryAs(ChoiceBox.class).getValue()).isEqualTo("auto");
        clickOn(button("#submit-dialog", ButtonType.OK));

        waitFor(180, () -> lossPoints() >= 3);
        JobRow running = jobs.selectedProperty().get();
        assertThat(running.job().state()).isInstanceOf(JobState.Running.class);
        assertThat(lookup("#jobs-lanes").<TableView<?>>query().getItems()).hasSize(1);
        assertThat(jobs.lanes().get(0).node()).isEqualTo(JobTestBed.HOST);
        waitFor(120, () -> lossPoints() >= 12);
        screenshot("jobs.png");

        clickOn("#jobs-stop");
        waitFor(120, () -> state() instanceof JobState.Stopped && !jobs.busyProperty().get());
        int atStop = lossPoints();
        waitFor(60, () -> jobs.canResumeProperty().get());

        clickOn("#jobs-resume");
        waitFor(180, () -> lossPoints() > atStop + 2);
        assertThat(state()).isInstanceOf(JobState.Running.class);

        clickOn("#jobs-stop");
        waitFor(120, () -> state() instanceof JobState.Stopped && !jobs.busyProperty().get());
        clickOn("#jobs-fetch");
        waitFor(60, () -> jobs.statusProperty().get().startsWith("fetched"));
        Path model = dir.resolve("app-remote-jobs").resolve(running.id().value()).resolve("model");
        assertThat(CheckpointStore.openReadOnly(model).latest()).isPresent();
    }

    /**
     * With {@code -Dasrwb.screenshots=DIR}, saves the window as a PNG there (the README's
     * docs/screenshots/hosts.png and jobs.png come from this test).
     */
    private void screenshot(String name) throws Exception {
        String folder = System.getProperty("asrwb.screenshots");
        if (folder == null || folder.isBlank()) {
            return;
        }
        WritableImage image =
                WaitForAsyncUtils.asyncFx(
                                () -> lookup(".tab-pane").query().getScene().snapshot(null))
                        .get(30, TimeUnit.SECONDS);
        BufferedImage png =
                new BufferedImage(
                        (int) image.getWidth(),
                        (int) image.getHeight(),
                        BufferedImage.TYPE_INT_RGB);
        PixelReader pixels = image.getPixelReader();
        for (int y = 0; y < png.getHeight(); y++) {
            for (int x = 0; x < png.getWidth(); x++) {
                png.setRGB(x, y, pixels.getArgb(x, y));
            }
        }
        Files.createDirectories(Path.of(folder));
        ImageIO.write(png, "png", Path.of(folder, name).toFile());
    }

    private JobState state() {
        JobRow row = jobs.selectedProperty().get();
        return row == null ? null : row.job().state();
    }

    @SuppressWarnings("unchecked")
    private int lossPoints() {
        LineChart<Number, Number> chart = lookup("#job-chart-loss").queryAs(LineChart.class);
        return chart.getData().stream()
                .mapToInt(s -> ((XYChart.Series<?, ?>) s).getData().size())
                .max()
                .orElse(0);
    }

    private void setText(String id, String text) {
        interact(() -> lookup(id).queryAs(TextField.class).setText(text));
    }

    /** The dialog's button, once the dialog is shown and laid out. */
    private Node button(String dialog, ButtonType type) throws Exception {
        waitFor(
                30,
                () ->
                        lookup(dialog)
                                .tryQueryAs(DialogPane.class)
                                .map(p -> p.lookupButton(type))
                                .filter(
                                        b ->
                                                b.getScene() != null
                                                        && b.getScene().getWindow() != null
                                                        && b.getScene().getWindow().isShowing())
                                .isPresent());
        WaitForAsyncUtils.waitForFxEvents();
        return lookup(dialog).queryAs(DialogPane.class).lookupButton(type);
    }

    /** Waits for the condition, then for the FX thread to finish what it was doing. */
    private static void waitFor(int seconds, Supplier<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS, condition::get);
        WaitForAsyncUtils.waitForFxEvents();
    }
}
