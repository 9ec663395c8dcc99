package io.asrwb.app.training;

import javafx.collections.ObservableList;
import javafx.scene.Node;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;

/**
 * The dashboard's four charts (loss, error rates, learning rate, throughput) over some runs'
 * series: the Training tab shows local runs in them, the Remote jobs tab a remote job.
 */
public final class MetricCharts {

    private MetricCharts() {}

    /**
     * @param idPrefix the charts' ids are {@code <idPrefix>-loss}, {@code -error}, {@code -lr},
     *     {@code -throughput}
     */
    public static GridPane grid(String idPrefix, ObservableList<RunSeries> shown) {
        GridPane grid = new GridPane();
        grid.setHgap(4);
        grid.setVgap(4);
        grid.add(
                new MetricChart(
                                idPrefix + "-loss",
                                "Loss",
                                "CTC loss",
                                shown,
                                Metric.TRAIN_LOSS,
                                Metric.VAL_LOSS)
                        .node(),
                0,
                0);
        grid.add(
                new MetricChart(
                                idPrefix + "-error",
                                "Error rates",
                                "rate",
                                shown,
                                Metric.WER,
                                Metric.CER)
                        .node(),
                1,
                0);
        grid.add(
                new MetricChart(
                                idPrefix + "-lr",
                                "Learning rate",
                                "lr",
                                shown,
                                Metric.LEARNING_RATE)
                        .node(),
                0,
                1);
        grid.add(
                new MetricChart(
                                idPrefix + "-throughput",
                                "Throughput",
                                "audio-s/s",
                                shown,
                                Metric.THROUGHPUT)
                        .node(),
                1,
                1);
        for (Node child : grid.getChildren()) {
            GridPane.setHgrow(child, Priority.ALWAYS);
            GridPane.setVgrow(child, Priority.ALWAYS);
        }
        return grid;
    }
}
