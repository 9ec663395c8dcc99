package io.asrwb.app.waveform;

import io.asrwb.engine.audio.PcmAudio;
import io.asrwb.engine.audio.pitch.PitchFrame;
import io.asrwb.engine.audio.pitch.PitchTrack;
import java.util.Locale;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;

/**
 * The pitch tier drawn over the waveform or the clip's spectrogram, as Praat draws it: one dot per
 * voiced 10 ms frame on its own axis ({@value #LOW_HZ}-{@value #HIGH_HZ} Hz, labelled in the
 * corner), following the view's zoom and scroll. Mouse-transparent, so clicks still seek.
 */
public final class PitchTierLayer extends Canvas {

    static final double LOW_HZ = 50;
    static final double HIGH_HZ = 500;
    private static final Color DOT = Color.web("#00e5ff");

    private final WaveformViewModel vm;

    private PitchTierLayer(WaveformViewModel vm) {
        this.vm = vm;
        setMouseTransparent(true);
        getStyleClass().add("pitch-tier");
    }

    /** Lays a pitch tier over {@code holder} (a pane holding one canvas of the clip view). */
    static PitchTierLayer over(Pane holder, WaveformViewModel vm) {
        PitchTierLayer layer = new PitchTierLayer(vm);
        layer.widthProperty().bind(holder.widthProperty());
        layer.heightProperty().bind(holder.heightProperty());
        holder.getChildren().add(layer);
        Runnable redraw = layer::draw;
        layer.widthProperty().addListener((o, a, b) -> redraw.run());
        layer.heightProperty().addListener((o, a, b) -> redraw.run());
        vm.aids().pitchProperty().addListener((o, a, b) -> redraw.run());
        vm.aids().pitchShownProperty().addListener((o, a, b) -> redraw.run());
        vm.viewStartProperty().addListener((o, a, b) -> redraw.run());
        vm.viewLengthProperty().addListener((o, a, b) -> redraw.run());
        return layer;
    }

    private int dotsDrawn;

    /** Voiced frames drawn by the last {@link #draw} (for tests and the curious). */
    public int dotsDrawn() {
        return dotsDrawn;
    }

    void draw() {
        GraphicsContext g = getGraphicsContext2D();
        double w = getWidth();
        double h = getHeight();
        g.clearRect(0, 0, w, h);
        dotsDrawn = 0;
        PitchTrack track = vm.aids().pitchProperty().get();
        PcmAudio a = vm.audioProperty().get();
        long len = vm.viewLengthProperty().get();
        if (!vm.aids().pitchShownProperty().get() || track == null || a == null || len <= 0) {
            return;
        }
        double from = vm.viewStartProperty().get() / (double) a.sampleRate();
        double span = len / (double) a.sampleRate();
        g.setFill(DOT);
        for (PitchFrame f : track.voiced()) {
            double x = (f.timeSeconds() - from) / span * w;
            double y = h - (f.hz() - LOW_HZ) / (HIGH_HZ - LOW_HZ) * h;
            if (x >= 0 && x <= w && y >= 0 && y <= h) {
                g.fillOval(x - 1.5, y - 1.5, 3, 3);
                dotsDrawn++;
            }
        }
        g.fillText(String.format(Locale.ROOT, "pitch %.0f–%.0f Hz", LOW_HZ, HIGH_HZ), 4, 12);
    }
}
