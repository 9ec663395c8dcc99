package io.asrwb.engine.data;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads and writes datasets in every supported {@link DatasetFormat}. Reading checks every entry
 * (audio header, duration, transcript, alphabet) and never stops at the first bad one.
 */
public final class DatasetIO {

  private DatasetIO() {}

  /**
   * Reads a dataset.
   *
   * @param source   the manifest file, or the folder for folder-based formats
   * @param alphabet characters outside it are reported as warnings (utterance kept)
   * @throws IOException only when {@code source} itself cannot be read at all
   * @throws java.util.concurrent.CancellationException when {@code progress} cancelled
   */
  public static ImportOutcome read(
      DatasetFormat format, Path source, Alphabet alphabet, ImportProgress progress) throws IOException {
    throw new UnsupportedOperationException("implemented in the datasets work");
  }

  /**
   * Writes {@code utterances} (audio paths relative to {@code audioRoot}) in {@code format} under
   * {@code out}, so that {@link #read} of what was written yields the same utterances.
   *
   * @return the manifest files written
   */
  public static List<Path> write(
      DatasetFormat format, List<Utterance> utterances, Path audioRoot, Path out) throws IOException {
    throw new UnsupportedOperationException("implemented in the datasets work");
  }
}
