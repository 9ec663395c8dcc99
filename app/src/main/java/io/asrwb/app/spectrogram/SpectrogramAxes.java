package io.asrwb.app.spectrogram;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.scene.control.Label;
import javafx.scene.layout.Pane;
import javafx.scene.shape.Line;

/** Tick positions and labels for the viewer's time and frequency axes (nodes, styled by CSS). */
final class SpectrogramAxes {

    private SpectrogramAxes() {}

    /** A step of 1, 2 or 5 × 10ⁿ giving about {@code wanted} ticks over {@code span}. */
    static double niceStep(double span, int wanted) {
        double raw = span / Math.max(1, wanted);
        double power = Math.pow(10, Math.floor(Math.log10(raw)));
        double unit = raw / power;
        double nice = unit < 1.5 ? 1 : unit < 3.5 ? 2 : unit < 7.5 ? 5 : 10;
        return nice * power;
    }

    static void drawTime(Pane pane, SpectrogramImage img, double width) {
        pane.getChildren().clear();
        double span = img.endSeconds() - img.startSeconds();
        if (img.isEmpty() || span <= 0 || width <= 0) {
            return;
        }
        double step = niceStep(span, Math.max(2, (int) (width / 90)));
        double first = Math.ceil(img.startSeconds() / step) * step;
        for (double t = first; t <= img.endSeconds() + 1e-9; t += step) {
            double x = (t - img.startSeconds()) / span * width;
            Line tick = new Line(x, 0, x, 5);
            tick.getStyleClass().add("tick");
            Label label = new Label(seconds(t, step));
            label.setLayoutX(x + 2);
            label.setLayoutY(3);
            pane.getChildren().addAll(tick, label);
        }
    }

    static void drawFrequency(Pane pane, SpectrogramImage img, double height, double width) {
        pane.getChildren().clear();
        if (img.isEmpty() || height <= 0) {
            return;
        }
        FrequencyAxis axis = img.axis();
        double rowHeight = height / axis.rows();
        for (double hz : ticks(axis, height)) {
            double row = axis.rowOfHz(hz);
            double y = height - (row + 0.5) * rowHeight;
            if (y < 0 || y > height) {
                continue;
            }
            Line tick = new Line(width - 5, y, width, y);
            tick.getStyleClass().add("tick");
            Label label = new Label(hertz(hz));
            label.setLayoutY(y - 8);
            label.setLayoutX(2);
            pane.getChildren().addAll(tick, label);
        }
    }

    private static List<Double> ticks(FrequencyAxis axis, double height) {
        List<Double> out = new ArrayList<>();
        if (axis.mel() != null) {
            for (double hz : new double[] {100, 250, 500, 1000, 2000, 4000, 8000}) {
                if (hz <= axis.topHz()) {
                    out.add(hz);
                }
            }
            return out;
        }
        double step = niceStep(axis.topHz(), Math.max(2, (int) (height / 40)));
        for (double hz = 0; hz <= axis.topHz() + 1e-9; hz += step) {
            out.add(hz);
        }
        return out;
    }

    static String seconds(double t, double step) {
        int decimals = step >= 1 ? 0 : step >= 0.1 ? 1 : step >= 0.01 ? 2 : 3;
        double minutes = Math.floor(t / 60);
        if (t >= 60) {
            return String.format(
                    Locale.ROOT,
                    "%d:%0" + (decimals == 0 ? 2 : 3 + decimals) + "." + decimals + "f",
                    (long) minutes,
                    t - minutes * 60);
        }
        return String.format(Locale.ROOT, "%." + decimals + "f s", t);
    }

    static String hertz(double hz) {
        return hz >= 1000
                ? String.format(Locale.ROOT, "%.1f kHz", hz / 1000).replace(".0 kHz", " kHz")
                : String.format(Locale.ROOT, "%.0f Hz", hz);
    }
}
