package io.asrwb.app.curve;

import io.asrwb.app.PathField;
import io.asrwb.engine.curve.CurvePoint;
import io.asrwb.engine.curve.Extrapolation;
import java.util.Locale;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/**
 * The Learning curve tab: dataset, recipe, fractions, whole speakers or not, the curve's folder;
 * Load (Alt+L) shows a finished or partial curve, Start (Alt+S) runs or continues one, Cancel
 * (Alt+C) stops it at the next step. The chart has WER against hours of training audio (log axis),
 * the fitted law and the band of its leave-one-out fits; the extrapolation is stated in words.
 */
public final class LearningCurveView extends BorderPane {

    /** Samples of the fitted curve drawn across the axis. */
    private static final int FIT_SAMPLES = 40;

    private final LineChart<Number, Number> chart;
    private final LearningCurveViewModel vm;

    public LearningCurveView(LearningCurveViewModel vm) {
        this.vm = vm;
        TextField dataset = field("curve-dataset", "dataset", 8);
        dataset.textProperty().bindBidirectional(vm.datasetProperty());
        TextField config = field("curve-config", "recipe: preset or YAML", 10);
        config.textProperty().bindBidirectional(vm.configProperty());
        TextField fractions = field("curve-fractions", "fractions", 10);
        fractions.textProperty().bindBidirectional(vm.fractionsProperty());
        CheckBox bySpeaker = new CheckBox("Whole speakers");
        bySpeaker.setId("curve-by-speaker");
        bySpeaker.selectedProperty().bindBidirectional(vm.bySpeakerProperty());
        TextField folder =
                PathField.of("curve-folder", "learning-curve folder", vm.folderProperty());
        folder.setPrefColumnCount(18);
        Button load = new Button("_Load");
        load.setId("curve-load");
        load.setOnAction(e -> vm.load());
        load.disableProperty().bind(vm.busyProperty());
        Button start = new Button("_Start");
        start.setId("curve-start");
        start.setOnAction(e -> vm.start());
        start.disableProperty().bind(vm.busyProperty());
        Button cancel = new Button("_Cancel");
        cancel.setId("curve-cancel");
        cancel.setOnAction(e -> vm.cancel());
        cancel.disableProperty().bind(vm.busyProperty().not());
        ProgressBar progress = new ProgressBar();
        progress.progressProperty().bind(vm.progressProperty());
        progress.visibleProperty().bind(vm.busyProperty());
        for (Region r : new Region[] {load, start, cancel, bySpeaker}) {
            r.setMinWidth(Region.USE_PREF_SIZE);
        }
        FlowPane controls =
                new FlowPane(
                        8, 6, dataset, config, fractions, bySpeaker, folder, load, start, cancel,
                        progress);
        controls.setPadding(new Insets(8));

        NumberAxis hours = new NumberAxis();
        hours.setLabel("Hours of training audio (log scale)");
        hours.setForceZeroInRange(false);
        hours.setTickLabelFormatter(new PowerOfTen());
        NumberAxis wer = new NumberAxis();
        wer.setLabel("WER %");
        chart = new LineChart<>(hours, wer);
        chart.setId("curve-chart");
        chart.setAnimated(false);
        chart.setCreateSymbols(true);

        Label summary = new Label();
        summary.setId("curve-summary");
        summary.setWrapText(true);
        summary.textProperty().bind(vm.summaryProperty());
        Label status = new Label();
        status.setId("curve-status");
        status.textProperty().bind(vm.statusProperty());
        VBox bottom = new VBox(4, summary, status);
        bottom.setPadding(new Insets(4, 8, 8, 8));
        setTop(controls);
        setCenter(chart);
        setBottom(bottom);
        vm.points().addListener((ListChangeListener<CurvePoint>) c -> redraw());
        vm.extrapolationProperty().addListener((o, was, now) -> redraw());
        redraw();
    }

    private static TextField field(String id, String prompt, int columns) {
        TextField f = new TextField();
        f.setId(id);
        f.setPromptText(prompt);
        f.setPrefColumnCount(columns);
        return f;
    }

    /** Measured points first, then the fit and its band when there is one; x is log10 hours. */
    private void redraw() {
        XYChart.Series<Number, Number> measured = new XYChart.Series<>();
        measured.setName("Measured");
        double low = Double.POSITIVE_INFINITY;
        double high = Double.NEGATIVE_INFINITY;
        for (CurvePoint p : vm.points()) {
            if (p.status() == CurvePoint.Status.DONE) {
                measured.getData().add(new XYChart.Data<>(Math.log10(p.hours()), 100 * p.wer()));
            }
            low = Math.min(low, p.hours());
            high = Math.max(high, p.hours());
        }
        chart.getData().setAll(java.util.List.of(measured));
        if (vm.extrapolationProperty().get() instanceof Extrapolation.Fitted fitted) {
            XYChart.Series<Number, Number> fit = new XYChart.Series<>();
            fit.setName("Fit, extrapolated to 10×");
            XYChart.Series<Number, Number> lowest = new XYChart.Series<>();
            lowest.setName("Leave-one-out low");
            XYChart.Series<Number, Number> highest = new XYChart.Series<>();
            highest.setName("Leave-one-out high");
            double from = Math.log10(low);
            double to = Math.log10(high * 10);
            for (int i = 0; i <= FIT_SAMPLES; i++) {
                double x = from + (to - from) * i / FIT_SAMPLES;
                double h = Math.pow(10, x);
                double[] range = fitted.range(h);
                fit.getData().add(symbolless(x, 100 * fitted.fit().at(h)));
                lowest.getData().add(symbolless(x, 100 * range[0]));
                highest.getData().add(symbolless(x, 100 * range[1]));
            }
            chart.getData().addAll(java.util.List.of(fit, lowest, highest));
        }
    }

    private static XYChart.Data<Number, Number> symbolless(double x, double y) {
        XYChart.Data<Number, Number> d = new XYChart.Data<>(x, y);
        Region none = new Region();
        none.setVisible(false);
        d.setNode(none);
        return d;
    }

    /** Tick labels of a log10 axis as hours: -1 → "0.1", 0.5 → "3.16". */
    private static final class PowerOfTen extends StringConverter<Number> {
        @Override
        public String toString(Number x) {
            return String.format(Locale.ROOT, "%.3g", Math.pow(10, x.doubleValue()));
        }

        @Override
        public Number fromString(String s) {
            return Math.log10(Double.parseDouble(s));
        }
    }
}
