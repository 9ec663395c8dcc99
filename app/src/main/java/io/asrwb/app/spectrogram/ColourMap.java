package io.asrwb.app.spectrogram;

/**
 * A 256-entry colour ramp from dark blue-violet through teal and green to yellow, shaped like
 * viridis: lightness rises steadily, so louder always reads brighter, also in greyscale and for
 * colour-blind eyes. Built by linear interpolation between a few anchor colours.
 */
public final class ColourMap {

    /** Anchors, evenly spaced from quiet to loud, as 0xRRGGBB. */
    private static final int[] ANCHORS = {
        0x440154, 0x482878, 0x3e4989, 0x31688e, 0x26828e, 0x1f9e89, 0x35b779, 0x6ece58, 0xb5de2b,
        0xfde725
    };

    private static final int[] LUT = build();

    private ColourMap() {}

    /** Opaque ARGB of level {@code 0..255} (0 quietest). */
    public static int argb(int level) {
        return LUT[Math.max(0, Math.min(255, level))];
    }

    /** The level (0..255) a value in {@code [low, high]} maps to. */
    public static int level(double value, double low, double high) {
        if (!(high > low)) {
            return 0;
        }
        double t = (value - low) / (high - low);
        return (int) Math.round(Math.max(0, Math.min(1, t)) * 255);
    }

    /** A vertical legend strip, loudest at the top: {@code width × 256} ARGB pixels. */
    public static int[] legend(int width) {
        int[] out = new int[width * 256];
        for (int row = 0; row < 256; row++) {
            java.util.Arrays.fill(out, row * width, (row + 1) * width, LUT[255 - row]);
        }
        return out;
    }

    private static int[] build() {
        int[] lut = new int[256];
        int segments = ANCHORS.length - 1;
        for (int i = 0; i < 256; i++) {
            double position = i / 255.0 * segments;
            int a = Math.min((int) position, segments - 1);
            double t = position - a;
            lut[i] =
                    0xff000000
                            | mix(ANCHORS[a], ANCHORS[a + 1], t, 16) << 16
                            | mix(ANCHORS[a], ANCHORS[a + 1], t, 8) << 8
                            | mix(ANCHORS[a], ANCHORS[a + 1], t, 0);
        }
        return lut;
    }

    private static int mix(int from, int to, double t, int shift) {
        int x = (from >> shift) & 0xff;
        int y = (to >> shift) & 0xff;
        return (int) Math.round(x + (y - x) * t);
    }
}
