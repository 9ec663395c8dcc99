package io.asrwb.engine.curve.png;

import java.util.Arrays;

/**
 * An RGB picture in memory with the few drawing operations a chart needs. Drawn by hand rather
 * than through java.awt: the engine runs on GPU boxes where AWT's font configuration may be
 * missing, and an ArchUnit rule keeps UI toolkits out of it.
 */
public final class Raster {

    private final int width;
    private final int height;
    private final int[] rgb;

    public Raster(int width, int height, int background) {
        if (width < 1 || height < 1) {
            throw new IllegalArgumentException(
                    "a raster needs a size, not " + width + "×" + height);
        }
        this.width = width;
        this.height = height;
        this.rgb = new int[width * height];
        Arrays.fill(rgb, background);
    }

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }

    /** The colour at (x, y), 0xRRGGBB. */
    public int get(int x, int y) {
        return rgb[y * width + x];
    }

    /** Sets one pixel; outside the picture nothing happens (charts clip by drawing less). */
    public void set(int x, int y, int color) {
        if (x >= 0 && y >= 0 && x < width && y < height) {
            rgb[y * width + x] = color;
        }
    }

    public void fill(int x, int y, int w, int h, int color) {
        for (int j = y; j < y + h; j++) {
            for (int i = x; i < x + w; i++) {
                set(i, j, color);
            }
        }
    }

    /** A straight line {@code thickness} pixels wide (Bresenham with a square brush). */
    public void line(int x0, int y0, int x1, int y1, int thickness, int color) {
        int dx = Math.abs(x1 - x0);
        int dy = -Math.abs(y1 - y0);
        int sx = x0 < x1 ? 1 : -1;
        int sy = y0 < y1 ? 1 : -1;
        int err = dx + dy;
        int x = x0;
        int y = y0;
        int half = thickness / 2;
        while (true) {
            fill(x - half, y - half, thickness, thickness, color);
            if (x == x1 && y == y1) {
                return;
            }
            int e2 = 2 * err;
            if (e2 >= dy) {
                err += dy;
                x += sx;
            }
            if (e2 <= dx) {
                err += dx;
                y += sy;
            }
        }
    }

    /** A filled circle of radius {@code r} around (cx, cy). */
    public void disc(int cx, int cy, int r, int color) {
        for (int j = -r; j <= r; j++) {
            for (int i = -r; i <= r; i++) {
                if (i * i + j * j <= r * r) {
                    set(cx + i, cy + j, color);
                }
            }
        }
    }

    /** {@code text} in {@link PixelFont} with its top-left corner at (x, y). */
    public void text(int x, int y, String text, int scale, int color) {
        int at = x;
        for (int k = 0; k < text.length(); k++) {
            int[] rows = PixelFont.glyph(text.charAt(k));
            for (int row = 0; row < rows.length; row++) {
                for (int col = 0; col < PixelFont.WIDTH; col++) {
                    if ((rows[row] & (1 << (PixelFont.WIDTH - 1 - col))) != 0) {
                        fill(at + col * scale, y + row * scale, scale, scale, color);
                    }
                }
            }
            at += PixelFont.ADVANCE * scale;
        }
    }

    /** Width in pixels of {@code text} drawn at {@code scale}. */
    public static int textWidth(String text, int scale) {
        return text.length() * PixelFont.ADVANCE * scale - scale;
    }

    /** Rows top to bottom, each 0xRRGGBB left to right (what the PNG writer encodes). */
    int[] pixels() {
        return rgb;
    }
}
