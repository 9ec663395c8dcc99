package io.asrwb.engine.audio;

import java.nio.file.Path;
import java.util.Locale;

/**
 * The one entry point for reading audio files: header probing (cheap, used by importers) and
 * full decoding to 16 kHz mono float (used by features and transcription).
 */
public final class AudioFiles {

  /** The sample rate every model in the workbench consumes. */
  public static final int MODEL_RATE = 16_000;

  private AudioFiles() {}

  /** Reads only what is needed to know the format and duration. */
  public static AudioInfo probe(Path file) throws AudioFileException {
    String ext = extension(file);
    return switch (ext) {
      case "wav", "wave" -> WavHeader.read(file).info();
      default -> throw new AudioFileException(file, AudioFileException.Reason.UNSUPPORTED_FORMAT,
          "unsupported audio file type '." + ext + "'; use wav, flac, mp3 or raw PCM");
    };
  }

  static String extension(Path file) {
    String name = file.getFileName().toString();
    int dot = name.lastIndexOf('.');
    return dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
  }
}
