package io.asrwb.engine.transcribe;

/**
 * How a long file is cut for the model: windows of {@code windowSeconds} that overlap their
 * neighbours by {@code overlapSeconds} (the seam is chosen inside the overlap, so each side keeps
 * half of it as context), {@code batch} windows per forward pass. A file no longer than one
 * window goes through the model whole, as a short file always has.
 */
public record Windowing(double windowSeconds, double overlapSeconds, int batch) {

  /**
   * 30 s windows, 4 s overlap (15 % extra work), 2 per pass. Long enough that seams are rare and
   * each LSTM step's GEMM has work; 2 per pass because the small model's activations for 30 s are
   * ~150 MB per window: peak RSS 0.77 GB at 2, 1.06 GB at 4, 1.10 GB at 8 (docs/PERFORMANCE.md).
   */
  public static final Windowing DEFAULT = new Windowing(30, 4, 2);

  public Windowing {
    if (!(overlapSeconds > 0) || !(windowSeconds >= 2 * overlapSeconds) || batch < 1) {
      throw new IllegalArgumentException("windowing: the overlap must be > 0 s, the window at least twice"
          + " the overlap and the batch at least 1 (got window " + windowSeconds + " s, overlap "
          + overlapSeconds + " s, batch " + batch + ")");
    }
  }
}
