package io.asrwb.app.waveform;

import io.asrwb.app.spectrogram.FxImages;
import io.asrwb.app.spectrogram.SpectrogramImage;
import io.asrwb.app.words.TimeWindow;
import io.asrwb.app.words.WordTierView;
import io.asrwb.app.words.WordTierViewModel;
import java.util.Locale;
import javafx.animation.AnimationTimer;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.DoubleBinding;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.image.WritableImage;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;

/**
 * The selected clip: its waveform (the envelope, one line per pixel column) over its spectrogram,
 * both showing the same span, with the play cursor across both. Click seeks; the wheel scrolls,
 * Ctrl+wheel zooms around the mouse (on either). The pitch tier, when shown, and the selected
 * word's span lie over both; the word tiers lie under them.
 */
public final class WaveformView extends BorderPane {

    private final WaveformViewModel vm;
    private final Canvas canvas = new Canvas();
    private final Canvas spectrogramCanvas = new Canvas();
    private WritableImage spectrogramImage;
    private final AnimationTimer ticker =
            new AnimationTimer() {
                @Override
                public void handle(long now) {
                    vm.poll();
                }
            };

    /** The clip with its word tiers under it. */
    public WaveformView(WaveformViewModel vm, WordTierViewModel words) {
        this.vm = vm;
        setId("waveform");
        Pane holder = new Pane(canvas);
        PitchTierLayer.over(holder, vm);
        SelectionLayer.over(holder, vm);
        holder.setMinHeight(40); // a 640-pixel window keeps ten table rows above
        holder.setPrefHeight(120);
        canvas.widthProperty().bind(holder.widthProperty());
        canvas.heightProperty().bind(holder.heightProperty());
        canvas.widthProperty()
                .addListener(
                        (o, a, b) -> {
                            vm.setColumns(b.intValue());
                            draw();
                        });
        canvas.heightProperty().addListener((o, a, b) -> draw());
        Pane spectrogramHolder = new Pane(spectrogramCanvas);
        spectrogramHolder.setId("clip-spectrogram");
        PitchTierLayer.over(spectrogramHolder, vm);
        SelectionLayer.over(spectrogramHolder, vm);
        spectrogramHolder.setMinHeight(56);
        spectrogramHolder.setPrefHeight(120);
        spectrogramCanvas.widthProperty().bind(spectrogramHolder.widthProperty());
        spectrogramCanvas.heightProperty().bind(spectrogramHolder.heightProperty());
        spectrogramCanvas.widthProperty().addListener((o, a, b) -> draw());
        spectrogramCanvas.heightProperty().addListener((o, a, b) -> draw());
        for (Canvas c : new Canvas[] {canvas, spectrogramCanvas}) {
            c.setOnMouseClicked(e -> vm.seek(e.getX() / c.getWidth()));
            c.addEventHandler(ScrollEvent.SCROLL, this::onScroll);
        }
        vm.envelopeProperty().addListener((o, a, b) -> draw());
        vm.spectrogramProperty()
                .addListener(
                        (o, a, b) -> {
                            spectrogramImage = FxImages.of(b);
                            draw();
                        });
        vm.cursorProperty().addListener((o, a, b) -> draw());
        vm.playingProperty()
                .addListener(
                        (o, a, b) -> {
                            if (b) {
                                ticker.start();
                            } else {
                                ticker.stop();
                            }
                        });
        VBox clip = new VBox(2, holder, spectrogramHolder, new WordTierView(words, window()));
        VBox.setVgrow(holder, Priority.ALWAYS);
        VBox.setVgrow(spectrogramHolder, Priority.ALWAYS);
        setCenter(clip);
        setBottom(controls());
    }

    /** Seconds of the clip in view, for the word tier to follow. */
    private TimeWindow window() {
        DoubleBinding from =
                Bindings.createDoubleBinding(
                        () -> seconds(vm.viewStartProperty().get()),
                        vm.viewStartProperty(),
                        vm.audioProperty());
        DoubleBinding length =
                Bindings.createDoubleBinding(
                        () -> seconds(vm.viewLengthProperty().get()),
                        vm.viewLengthProperty(),
                        vm.audioProperty());
        return new TimeWindow(from, length);
    }

    private double seconds(long samples) {
        var a = vm.audioProperty().get();
        return a == null ? 0 : samples / (double) a.sampleRate();
    }

    private FlowPane controls() {
        Button play = new Button("Play");
        play.setId("play-button");
        play.textProperty()
                .bind(
                        javafx.beans.binding.Bindings.when(vm.playingProperty())
                                .then("Stop")
                                .otherwise("Play"));
        play.disableProperty().bind(vm.audioProperty().isNull());
        play.setOnAction(
                e -> {
                    if (vm.playingProperty().get()) {
                        vm.stop();
                    } else {
                        vm.play();
                    }
                });
        Button in = new Button("+");
        in.setTooltip(new Tooltip("Zoom in (Ctrl+wheel)"));
        in.setOnAction(e -> vm.zoom(2, 0.5));
        Button out = new Button("−");
        out.setTooltip(new Tooltip("Zoom out (Ctrl+wheel)"));
        out.setOnAction(e -> vm.zoom(0.5, 0.5));
        Button fit = new Button("Fit");
        fit.setOnAction(e -> vm.zoomToFit());
        Label position = new Label();
        position.textProperty()
                .bind(
                        javafx.beans.binding.Bindings.createStringBinding(
                                () -> {
                                    var a = vm.audioProperty().get();
                                    return a == null
                                            ? ""
                                            : String.format(
                                                    Locale.ROOT,
                                                    "%.2f / %.2f s",
                                                    vm.cursorProperty().get()
                                                            / (double) a.sampleRate(),
                                                    a.durationSeconds());
                                },
                                vm.cursorProperty(),
                                vm.audioProperty()));
        Label message = new Label();
        message.setId("waveform-message");
        message.textProperty().bind(vm.messageProperty());
        message.setWrapText(true);
        // Wraps to a second row when the pane is narrow, rather than cutting "Play" to "Pl…".
        FlowPane box =
                new FlowPane(
                        6,
                        4,
                        play,
                        in,
                        out,
                        fit,
                        new ListeningControls(vm.aids()),
                        position,
                        message);
        box.setAlignment(Pos.CENTER_LEFT);
        box.setPadding(new Insets(4));
        box.setPrefWrapLength(600); // one row where it fits: its height, not a column's
        box.setMinHeight(Region.USE_PREF_SIZE);
        message.maxWidthProperty().bind(box.widthProperty().subtract(8));
        return box;
    }

    private void onScroll(ScrollEvent e) {
        double x = canvas.getWidth() <= 0 ? 0.5 : e.getX() / canvas.getWidth();
        if (e.isShortcutDown()) {
            vm.zoom(e.getDeltaY() > 0 ? 1.25 : 0.8, x);
        } else {
            double d = e.getDeltaX() != 0 ? e.getDeltaX() : e.getDeltaY();
            vm.scroll(-d / Math.max(1, canvas.getWidth()));
        }
        e.consume();
    }

    private void draw() {
        GraphicsContext g = canvas.getGraphicsContext2D();
        double w = canvas.getWidth();
        double h = canvas.getHeight();
        g.setFill(Color.web("#1e1f22"));
        g.fillRect(0, 0, w, h);
        drawSpectrogram();
        WaveformEnvelope env = vm.envelopeProperty().get();
        if (env == null) {
            return;
        }
        double mid = h / 2;
        g.setStroke(Color.web("#4fa3e0"));
        g.setLineWidth(1);
        int n = Math.min(env.columns(), (int) Math.ceil(w));
        for (int c = 0; c < n; c++) {
            double x = c + 0.5;
            g.strokeLine(x, mid - env.max()[c] * mid, x, mid - env.min()[c] * mid + 0.5);
        }
        drawCursor(g, w, h);
    }

    /** The spectrogram image placed by time against the view (it spans whole frames). */
    private void drawSpectrogram() {
        GraphicsContext g = spectrogramCanvas.getGraphicsContext2D();
        double w = spectrogramCanvas.getWidth();
        double h = spectrogramCanvas.getHeight();
        g.setFill(Color.BLACK);
        g.fillRect(0, 0, w, h);
        SpectrogramImage img = vm.spectrogramProperty().get();
        var a = vm.audioProperty().get();
        if (img == null
                || spectrogramImage == null
                || a == null
                || vm.viewLengthProperty().get() <= 0) {
            return;
        }
        double from = vm.viewStartProperty().get() / (double) a.sampleRate();
        double span = vm.viewLengthProperty().get() / (double) a.sampleRate();
        double x0 = (img.startSeconds() - from) / span * w;
        double x1 = (img.endSeconds() - from) / span * w;
        g.setImageSmoothing(false);
        g.drawImage(spectrogramImage, x0, 0, x1 - x0, h);
        drawCursor(g, w, h);
    }

    private void drawCursor(GraphicsContext g, double w, double h) {
        long from = vm.viewStartProperty().get();
        long len = vm.viewLengthProperty().get();
        long cursor = vm.cursorProperty().get();
        if (len > 0 && cursor >= from && cursor <= from + len) {
            double x = (cursor - from) * w / (double) len;
            g.setStroke(Color.ORANGE);
            g.setLineWidth(1);
            g.strokeLine(x, 0, x, h);
        }
    }
}
