package io.asrwb.engine.data.formats;

import io.asrwb.engine.data.DatasetFormat;

/** The reader and writer of each {@link DatasetFormat}. */
public final class DatasetFormats {

  private DatasetFormats() {}

  public static DatasetReader reader(DatasetFormat format) {
    return switch (format) {
      case NEMO -> new NemoReader();
      case FOLDER -> new FolderReader();
      default -> throw new UnsupportedOperationException(format.cliName() + " is not readable yet");
    };
  }

  public static DatasetWriter writer(DatasetFormat format) {
    return switch (format) {
      case NEMO -> new NemoWriter();
      case FOLDER -> new FolderWriter();
      default -> throw new UnsupportedOperationException(format.cliName() + " is not writable yet");
    };
  }
}
