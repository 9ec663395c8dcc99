package io.asrwb.app.datasets;

import io.asrwb.engine.store.DatasetStats;
import java.util.Locale;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;

/** The selected dataset's clip durations, in buckets of seconds, under the list of datasets. */
final class DurationHistogram extends BarChart<String, Number> {

    DurationHistogram(DatasetsViewModel vm) {
        super(new CategoryAxis(), new NumberAxis());
        setId("duration-histogram");
        setTitle("Durations (s)");
        setLegendVisible(false);
        setAnimated(false);
        setCategoryGap(2);
        setPrefSize(150, 200);
        setMinSize(140, 0); // the title whole
        vm.statsProperty().addListener((o, a, b) -> showHistogram(b));
        showHistogram(vm.statsProperty().get());
    }

    private void showHistogram(DatasetStats stats) {
        getData().clear();
        if (stats == null) {
            return;
        }
        XYChart.Series<String, Number> s = new XYChart.Series<>();
        for (DatasetStats.Bucket b : stats.histogram()) {
            String label =
                    Double.isInfinite(b.toS())
                            ? String.format(Locale.ROOT, "≥%.0f", b.fromS())
                            : String.format(Locale.ROOT, "%.0f–%.0f", b.fromS(), b.toS());
            s.getData().add(new XYChart.Data<>(label, b.count()));
        }
        getData().add(s);
    }
}
