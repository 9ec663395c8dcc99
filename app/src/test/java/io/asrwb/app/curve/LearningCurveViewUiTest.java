package io.asrwb.app.curve;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.AppContext;
import io.asrwb.app.tasks.FxTaskRunner;
import io.asrwb.engine.curve.CurvePoint;
import io.asrwb.engine.curve.CurveState;
import io.asrwb.engine.json.Json;
import io.asrwb.engine.store.Catalog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** The Learning curve tab headless: Load shows a finished curve's points, fit and words. */
class LearningCurveViewUiTest extends FxRobot {

    @TempDir Path dir;
    private Catalog catalog;
    private FxTaskRunner tasks;

    private static CurvePoint done(double fraction, double hours, double wer) {
        return new CurvePoint(
                fraction,
                "point-" + fraction,
                (int) (hours * 1000),
                0,
                hours,
                CurvePoint.Status.DONE,
                wer,
                wer / 3,
                12,
                40);
    }

    @BeforeEach
    void show() throws Exception {
        Path curve = Files.createDirectories(dir.resolve("curve"));
        // the state file as `asrwb learning-curve` leaves it after a finished run
        Json.mapper()
                .writeValue(
                        curve.resolve(CurveState.FILE).toFile(),
                        new CurveState(
                                1,
                                "demo",
                                "utterance",
                                1,
                                "test",
                                List.of(
                                        done(0.25, 0.1, 0.9),
                                        done(0.5, 0.2, 0.72),
                                        done(1, 0.4, 0.6))));
        catalog = Catalog.open(dir.resolve("catalog"));
        tasks = new FxTaskRunner();
        LearningCurveViewModel vm =
                new LearningCurveViewModel(new AppContext(catalog, tasks, Clock.systemUTC(), "t"));
        FxToolkit.registerPrimaryStage();
        FxToolkit.setupSceneRoot(() -> new LearningCurveView(vm));
        FxToolkit.setupStage(
                stage -> {
                    stage.setWidth(1024);
                    stage.setHeight(640);
                    stage.show();
                });
        clickOn("#curve-folder").write(curve.toString());
    }

    @AfterEach
    void close() throws Exception {
        FxToolkit.cleanupStages();
        tasks.close();
        catalog.close();
    }

    @Test
    void loadShowsTheMeasuredPointsTheFitAndTheExtrapolationInWords() {
        clickOn("#curve-load");
        WaitForAsyncUtils.waitForFxEvents();

        @SuppressWarnings("unchecked")
        LineChart<Number, Number> chart = lookup("#curve-chart").queryAs(LineChart.class);
        List<XYChart.Series<Number, Number>> series = chart.getData();
        assertThat(series).extracting(XYChart.Series::getName).first().isEqualTo("Measured");
        List<XYChart.Data<Number, Number>> measured = series.get(0).getData();
        assertThat(measured).hasSize(3);
        assertThat(measured.get(0).getXValue().doubleValue()).isCloseTo(-1.0, within());
        assertThat(measured.get(0).getYValue().doubleValue()).isCloseTo(90.0, within());
        assertThat(measured.get(2).getYValue().doubleValue()).isCloseTo(60.0, within());
        assertThat(series).hasSize(4); // measured, fit, and the band's two edges
        assertThat(series.get(1).getData().get(0).getYValue().doubleValue()).isBetween(80.0, 100.0);
        assertThat(lookup("#curve-summary").queryAs(Label.class).getText())
                .startsWith("An extrapolation from 3 points, not a measurement");
        assertThat(lookup("#curve-status").queryAs(Label.class).getText())
                .isEqualTo("3 of 3 points measured on demo/test");
    }

    private static org.assertj.core.data.Offset<Double> within() {
        return org.assertj.core.data.Offset.offset(1e-9);
    }
}
