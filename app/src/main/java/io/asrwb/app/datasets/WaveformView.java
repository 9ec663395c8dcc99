package io.asrwb.app.datasets;

import java.util.Locale;
import javafx.animation.AnimationTimer;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;

/**
 * Draws the envelope one line per pixel column and the play cursor. Click seeks; the wheel
 * scrolls, Ctrl+wheel zooms around the mouse.
 */
final class WaveformView extends BorderPane {

  private final WaveformViewModel vm;
  private final Canvas canvas = new Canvas();
  private final AnimationTimer ticker = new AnimationTimer() {
    @Override
    public void handle(long now) {
      vm.poll();
    }
  };

  WaveformView(WaveformViewModel vm) {
    this.vm = vm;
    setId("waveform");
    Pane holder = new Pane(canvas);
    holder.setMinHeight(80);
    holder.setPrefHeight(120);
    canvas.widthProperty().bind(holder.widthProperty());
    canvas.heightProperty().bind(holder.heightProperty());
    canvas.widthProperty().addListener((o, a, b) -> {
      vm.setColumns(b.intValue());
      draw();
    });
    canvas.heightProperty().addListener((o, a, b) -> draw());
    canvas.setOnMouseClicked(e -> vm.seek(e.getX() / canvas.getWidth()));
    canvas.addEventHandler(ScrollEvent.SCROLL, this::onScroll);
    vm.envelopeProperty().addListener((o, a, b) -> draw());
    vm.cursorProperty().addListener((o, a, b) -> draw());
    vm.playingProperty().addListener((o, a, b) -> {
      if (b) {
        ticker.start();
      } else {
        ticker.stop();
      }
    });
    setCenter(holder);
    setBottom(controls());
  }

  private HBox controls() {
    Button play = new Button("Play");
    play.setId("play-button");
    play.textProperty().bind(javafx.beans.binding.Bindings.when(vm.playingProperty()).then("Stop").otherwise("Play"));
    play.disableProperty().bind(vm.audioProperty().isNull());
    play.setOnAction(e -> {
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
    position.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() -> {
      var a = vm.audioProperty().get();
      return a == null ? "" : String.format(Locale.ROOT, "%.2f / %.2f s", vm.cursorProperty().get()
          / (double) a.sampleRate(), a.durationSeconds());
    }, vm.cursorProperty(), vm.audioProperty()));
    Label message = new Label();
    message.setId("waveform-message");
    message.textProperty().bind(vm.messageProperty());
    message.setWrapText(true);
    HBox box = new HBox(6, play, in, out, fit, position, message);
    box.setAlignment(Pos.CENTER_LEFT);
    box.setPadding(new Insets(4));
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
    long cursor = vm.cursorProperty().get();
    if (cursor >= env.fromSample() && cursor <= env.toSample()) {
      double x = (cursor - env.fromSample()) * w / (double) (env.toSample() - env.fromSample());
      g.setStroke(Color.ORANGE);
      g.strokeLine(x, 0, x, h);
    }
  }
}
