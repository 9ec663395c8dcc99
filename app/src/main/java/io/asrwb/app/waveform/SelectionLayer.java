package io.asrwb.app.waveform;

import io.asrwb.app.words.TimeSpan;
import io.asrwb.engine.audio.PcmAudio;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;

/**
 * The selected span (a word) drawn over the waveform or the clip's spectrogram: a translucent band
 * with edges, following zoom and scroll. Mouse-transparent, so clicks still seek.
 */
final class SelectionLayer extends Canvas {

    private static final Color BAND = Color.web("#ffd54f", 0.22);
    private static final Color EDGE = Color.web("#ffd54f", 0.9);

    private final WaveformViewModel vm;

    private SelectionLayer(WaveformViewModel vm) {
        this.vm = vm;
        setMouseTransparent(true);
        getStyleClass().add("span-selection");
    }

    /** Lays the selection over {@code holder} (a pane holding one canvas of the clip view). */
    static void over(Pane holder, WaveformViewModel vm) {
        SelectionLayer layer = new SelectionLayer(vm);
        layer.widthProperty().bind(holder.widthProperty());
        layer.heightProperty().bind(holder.heightProperty());
        holder.getChildren().add(layer);
        layer.widthProperty().addListener((o, a, b) -> layer.draw());
        layer.heightProperty().addListener((o, a, b) -> layer.draw());
        vm.spans().selectionProperty().addListener((o, a, b) -> layer.draw());
        vm.audioProperty().addListener((o, a, b) -> layer.draw());
        vm.viewStartProperty().addListener((o, a, b) -> layer.draw());
        vm.viewLengthProperty().addListener((o, a, b) -> layer.draw());
    }

    private void draw() {
        GraphicsContext g = getGraphicsContext2D();
        double w = getWidth();
        double h = getHeight();
        g.clearRect(0, 0, w, h);
        TimeSpan span = vm.spans().selectionProperty().get();
        PcmAudio a = vm.audioProperty().get();
        long len = vm.viewLengthProperty().get();
        if (span == null || a == null || len <= 0) {
            return;
        }
        double from = vm.viewStartProperty().get() / (double) a.sampleRate();
        double seconds = len / (double) a.sampleRate();
        double x0 = (span.startSec() - from) / seconds * w;
        double x1 = (span.endSec() - from) / seconds * w;
        g.setFill(BAND);
        g.fillRect(x0, 0, x1 - x0, h);
        g.setStroke(EDGE);
        g.setLineWidth(1);
        g.strokeLine(x0 + 0.5, 0, x0 + 0.5, h);
        g.strokeLine(x1 - 0.5, 0, x1 - 0.5, h);
    }
}
