package io.asrwb.engine.curve;

import io.asrwb.engine.curve.PowerLaw.Point;
import io.asrwb.engine.curve.png.PngFile;
import io.asrwb.engine.curve.png.Raster;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The learning curve as a PNG: WER against hours of training audio (log scale), the measured
 * points, the fitted power law (solid over the measured range, dashed beyond it) and the band the
 * leave-one-out fits span.
 */
public final class CurvePlot {

    public static final String FILE = "learning-curve.png";
    static final int WIDTH = 960;
    static final int HEIGHT = 600;
    private static final int LEFT = 90;
    private static final int RIGHT = 30;
    private static final int TOP = 60;
    private static final int BOTTOM = 90;
    private static final int WHITE = 0xFFFFFF;
    private static final int INK = 0x222222;
    private static final int GRID = 0xE4E4E4;
    private static final int POINT = 0x1F5FAF;
    private static final int FIT = 0xC0392B;
    private static final int BAND = 0xF6D5D0;

    private CurvePlot() {}

    /** Writes the plot of {@code state} to {@value #FILE} in {@code dir}; returns the file. */
    public static Path write(CurveState state, Path dir) throws IOException {
        Path file = dir.resolve(FILE);
        PngFile.write(draw(state, Extrapolation.of(state.measured())), file);
        return file;
    }

    static Raster draw(CurveState state, Extrapolation extrapolation) {
        Raster r = new Raster(WIDTH, HEIGHT, WHITE);
        List<Point> points = state.measured();
        double maxHours = state.points().stream().mapToDouble(CurvePoint::hours).max().orElse(1);
        double minHours = state.points().stream().mapToDouble(CurvePoint::hours).min().orElse(1);
        Extrapolation.Fitted fitted = extrapolation instanceof Extrapolation.Fitted f ? f : null;
        double x0 = Math.log10(minHours / 1.5);
        double x1 = Math.log10(maxHours * (fitted != null ? 12 : 1.5));
        double top = points.stream().mapToDouble(Point::wer).max().orElse(1);
        if (fitted != null) {
            top = Math.max(top, fitted.range(minHours / 1.5)[1]);
        }
        double yMax = niceStep(top * 1.1 / 5) * 5;
        Axes a = new Axes(x0, x1, yMax);
        grid(r, a);
        if (fitted != null) {
            for (int px = LEFT; px < WIDTH - RIGHT; px++) {
                double h = a.hoursAt(px);
                double[] range = fitted.range(h);
                int yLow = a.y(range[0]);
                int yHigh = a.y(range[1]);
                r.fill(px, yHigh, 1, Math.max(1, yLow - yHigh), BAND);
            }
            int prevX = -1;
            int prevY = 0;
            for (int px = LEFT; px < WIDTH - RIGHT; px += 2) {
                double h = a.hoursAt(px);
                int py = a.y(fitted.fit().at(h));
                boolean beyond = h > maxHours;
                if (prevX >= 0 && (!beyond || (px / 8) % 2 == 0)) {
                    r.line(prevX, prevY, px, py, 3, FIT);
                }
                prevX = px;
                prevY = py;
            }
        }
        grid(r, a); // axes and frame over the band
        for (Point p : points) {
            r.disc(a.x(p.hours()), a.y(p.wer()), 6, POINT);
        }
        String title = "LEARNING CURVE: " + state.dataset() + " (WER ON " + state.evalSplit() + ")";
        // a long dataset name gets the smaller size rather than running off the picture
        r.text(LEFT, 14, title, Raster.textWidth(title, 3) <= WIDTH - LEFT ? 3 : 2, INK);
        r.text(LEFT - 70, TOP - 34, "WER", 2, INK);
        String xLabel = "HOURS OF TRAINING AUDIO (LOG SCALE)";
        r.text((WIDTH - Raster.textWidth(xLabel, 2)) / 2, HEIGHT - BOTTOM + 36, xLabel, 2, INK);
        String caption =
                fitted != null
                        ? "DASHED: EXTRAPOLATED FROM "
                                + points.size()
                                + " POINTS. BAND: FITS WITH ONE POINT LEFT OUT"
                        : "NO EXTRAPOLATION: " + points.size() + " POINTS, A FIT NEEDS 3";
        r.text(LEFT, HEIGHT - 24, caption, 2, INK);
        return r;
    }

    private static void grid(Raster r, Axes a) {
        double step = a.yMax / 5;
        for (int k = 0; k <= 5; k++) {
            int y = a.y(k * step);
            r.fill(LEFT, y, WIDTH - LEFT - RIGHT, 1, k == 0 ? INK : GRID);
            String label = String.format(Locale.ROOT, "%.0f %%", 100 * k * step);
            r.text(LEFT - 10 - Raster.textWidth(label, 2), y - 7, label, 2, INK);
        }
        for (int decade = (int) Math.floor(a.x0); decade <= Math.ceil(a.x1); decade++) {
            for (int m : new int[] {1, 2, 5}) {
                double h = m * Math.pow(10, decade);
                double lg = Math.log10(h);
                if (lg < a.x0 || lg > a.x1) {
                    continue;
                }
                int x = a.x(h);
                r.fill(x, TOP, 1, HEIGHT - TOP - BOTTOM, GRID);
                r.fill(x, HEIGHT - BOTTOM, 1, 6, INK);
                String label = Fractions.format3(h);
                r.text(x - Raster.textWidth(label, 2) / 2, HEIGHT - BOTTOM + 12, label, 2, INK);
            }
        }
        r.fill(LEFT, TOP, 1, HEIGHT - TOP - BOTTOM, INK);
    }

    /** 1, 2, 2.5 or 5 times a power of ten, at least {@code raw}. */
    static double niceStep(double raw) {
        double safe = raw > 0 && Double.isFinite(raw) ? raw : 0.2;
        double p = Math.pow(10, Math.floor(Math.log10(safe)));
        for (double m : new double[] {1, 2, 2.5, 5, 10}) {
            if (m * p >= safe) {
                return m * p;
            }
        }
        return 10 * p;
    }

    /** Data to pixels: x is log10 hours, y is WER from 0 to yMax. */
    private record Axes(double x0, double x1, double yMax) {
        int x(double hours) {
            return LEFT
                    + (int)
                            Math.round(
                                    (Math.log10(hours) - x0) / (x1 - x0) * (WIDTH - LEFT - RIGHT));
        }

        double hoursAt(int px) {
            return Math.pow(10, x0 + (px - LEFT) * (x1 - x0) / (WIDTH - LEFT - RIGHT));
        }

        int y(double wer) {
            double clamped = Math.max(0, Math.min(yMax, wer));
            return HEIGHT - BOTTOM - (int) Math.round(clamped / yMax * (HEIGHT - TOP - BOTTOM));
        }
    }
}
