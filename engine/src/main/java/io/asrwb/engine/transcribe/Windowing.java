package io.asrwb.engine.transcribe;

/**
 * How a long file is cut for the model: a file up to {@code wholeSeconds} goes through the model
 * whole, as every file did before; a longer one in windows of {@code windowSeconds} that overlap
 * their neighbours by {@code overlapSeconds} (the seam is chosen inside the overlap, so each side
 * keeps about half of it as context), {@code batch} windows per forward pass.
 */
public record Windowing(
        double windowSeconds, double overlapSeconds, int batch, double wholeSeconds) {

    /**
     * Whole up to 60 s (as before: same text, same speed); then 30 s windows, 4 s overlap (15 %
     * extra work), 2 per pass: the small model's activations are ~150 MB per 30 s window, and peak
     * RSS was 0.77 GB at 2 per pass, 1.06 GB at 4, 1.10 GB at 8, for no clear gain in CPU time;
     * 10 s windows 6 per pass took as much CPU (docs/decisions/long-audio.md).
     */
    public static final Windowing DEFAULT = new Windowing(30, 4, 2, 60);

    public Windowing {
        if (!(overlapSeconds > 0)
                || !(windowSeconds >= 2 * overlapSeconds)
                || batch < 1
                || !(wholeSeconds >= 0)) {
            throw new IllegalArgumentException(
                    "windowing: the overlap must be > 0 s, the window at least twice the overlap,"
                        + " the batch at least 1 and the whole-file limit at least 0 s (got window "
                            + windowSeconds
                            + " s, overlap "
                            + overlapSeconds
                            + " s, batch "
                            + batch
                            + ", whole up to "
                            + wholeSeconds
                            + " s)");
        }
    }

    /** Files up to one window go through whole. */
    public Windowing(double windowSeconds, double overlapSeconds, int batch) {
        this(windowSeconds, overlapSeconds, batch, windowSeconds);
    }
}
