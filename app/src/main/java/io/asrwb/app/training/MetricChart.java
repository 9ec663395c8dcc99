package io.asrwb.app.training;

import io.asrwb.engine.store.MetricPoint;
import java.util.ArrayList;
import java.util.List;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;

/**
 * A line chart of some metrics over steps for every shown run. No symbols and no animation: a
 * chart with thousands of points stays cheap, and each drain's batch lands as one addAll.
 */
final class MetricChart {

  private final LineChart<Number, Number> chart;
  private final List<Metric> metrics;
  private final List<Runnable> detach = new ArrayList<>();

  MetricChart(String id, String title, String yLabel, ObservableList<RunSeries> shown, Metric... metrics) {
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
    for (RunSeries run : shown) {
      for (Metric metric : metrics) {
        XYChart.Series<Number, Number> series = new XYChart.Series<>();
        series.setName(run.label() + " · " + metric.label());
        ObservableList<MetricPoint> points = run.points(metric);
        series.getData().setAll(data(points));
        ListChangeListener<MetricPoint> follow = c -> {
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
  }

  private static List<XYChart.Data<Number, Number>> data(List<? extends MetricPoint> points) {
    List<XYChart.Data<Number, Number>> out = new ArrayList<>(points.size());
    for (MetricPoint p : points) {
      out.add(new XYChart.Data<>(p.step(), p.value()));
    }
    return out;
  }
}
