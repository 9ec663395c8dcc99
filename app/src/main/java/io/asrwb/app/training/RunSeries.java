package io.asrwb.app.training;

import io.asrwb.engine.store.MetricPoint;
import java.util.EnumMap;
import java.util.Map;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * One run's metric series as the charts show them. The live run's lists grow in batches (one
 * change per drain); an overlaid run's lists are filled once from the catalog.
 */
public final class RunSeries {

    private final String runDir;
    private final String label;
    private final boolean live;
    private final Map<Metric, ObservableList<MetricPoint>> points = new EnumMap<>(Metric.class);

    public RunSeries(String runDir, String label, boolean live) {
        this.runDir = runDir;
        this.label = label;
        this.live = live;
        for (Metric m : Metric.values()) {
            points.put(m, FXCollections.observableArrayList());
        }
    }

    public String runDir() {
        return runDir;
    }

    public String label() {
        return label;
    }

    /** True for the run this app is training now (or trained last). */
    public boolean live() {
        return live;
    }

    public ObservableList<MetricPoint> points(Metric metric) {
        return points.get(metric);
    }
}
