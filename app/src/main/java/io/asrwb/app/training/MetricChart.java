package io.asrwb.app.training;

import io.asrwb.engine.store.MetricPoint;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.scene.Node;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;

/**
 * A line chart of some metrics over steps for every shown run. No symbols and no animation: a
 * chart with thousands of points stays cheap, and each drain's batch lands as one addAll.
 */
final class MetricChart {

    /** One colour per shown run, the same in every chart; a run's second metric is a lighter dashed line. */
    private static final String[] RUN_COLOURS = {
        "#4c9aff", "#f28e2b", "#59a14f", "#e15759", "#b07aa1", "#76b7b2"
    };

    private final LineChart<Number, Number> chart;
    private final List<Metric> metrics;
    private final List<Runnable> detach = new ArrayList<>();

    MetricChart(
            String id,
            String title,
            String yLabel,
            ObservableList<RunSeries> shown,
            Metric... metrics) {
        this.metrics = List.of(metrics);
        NumberAxis x = new NumberAxis();
        x.setLabel("step");
        x.setForceZeroInRange(false);
        NumberAxis y = new NumberAxis();
        y.setLabel(yLabel);
        y.setForceZeroInRange(false);
        chart = new LineChart<>(x, y);
        chart.setId(id);
        chart.setTitle(title);
        chart.setCreateSymbols(false);
        chart.setAnimated(false);
        chart.setMinSize(200, 150);
        shown.addListener((ListChangeListener<RunSeries>) c -> rebuild(shown));
        rebuild(shown);
    }

    LineChart<Number, Number> node() {
        return chart;
    }

    private void rebuild(List<RunSeries> shown) {
        detach.forEach(Runnable::run);
        detach.clear();
        List<XYChart.Series<Number, Number>> all = new ArrayList<>();
        Map<String, String> colours = new HashMap<>();
        for (int r = 0; r < shown.size(); r++) {
            RunSeries run = shown.get(r);
            for (int m = 0; m < metrics.size(); m++) {
                Metric metric = metrics.get(m);
                String base = RUN_COLOURS[r % RUN_COLOURS.length];
                colours.put(
                        run.label() + " · " + metric.label(),
                        m == 0 ? base : "derive(" + base + ", 45%)");
                XYChart.Series<Number, Number> series = new XYChart.Series<>();
                series.setName(run.label() + " · " + metric.label());
                ObservableList<MetricPoint> points = run.points(metric);
                series.getData().setAll(data(points));
                ListChangeListener<MetricPoint> follow =
                        c -> {
                            while (c.next()) {
                                if (c.wasRemoved() || c.wasReplaced()) {
                                    series.getData().setAll(data(points));
                                    return;
                                }
                                if (c.wasAdded()) {
                                    series.getData().addAll(data(c.getAddedSubList()));
                                }
                            }
                        };
                points.addListener(follow);
                detach.add(() -> points.removeListener(follow));
                all.add(series);
            }
        }
        chart.getData().setAll(all);
        for (XYChart.Series<Number, Number> series : all) {
            String colour = colours.get(series.getName());
            boolean second = colour.startsWith("derive");
            series.getNode()
                    .setStyle(
                            "-fx-stroke: "
                                    + colour
                                    + (second ? "; -fx-stroke-dash-array: 6 4;" : ";"));
        }
        for (Node item : chart.lookupAll(".chart-legend-item")) {
            if (item instanceof Label label
                    && label.getGraphic() != null
                    && colours.containsKey(label.getText())) {
                String colour = colours.get(label.getText());
                label.getGraphic()
                        .setStyle("-fx-background-color: " + colour + ", " + colour + ";");
            }
        }
    }

    private static List<XYChart.Data<Number, Number>> data(List<? extends MetricPoint> points) {
        List<XYChart.Data<Number, Number>> out = new ArrayList<>(points.size());
        for (MetricPoint p : points) {
            out.add(new XYChart.Data<>(p.step(), p.value()));
        }
        return out;
    }
}
