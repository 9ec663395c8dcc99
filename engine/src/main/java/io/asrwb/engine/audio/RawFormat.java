package io.asrwb.engine.audio;

/**
 * The format of a headerless raw PCM file, which only the user can know.
 *
 * @param sampleRate samples per second per channel
 * @param channels   interleaved channels (≥ 1)
 * @param encoding   layout of one sample
 */
public record RawFormat(int sampleRate, int channels, SampleEncoding encoding) {

  public RawFormat {
    if (sampleRate <= 0) {
      throw new IllegalArgumentException("raw PCM sample rate must be positive, got " + sampleRate);
    }
    if (channels <= 0) {
      throw new IllegalArgumentException("raw PCM channel count must be positive, got " + channels);
    }
    if (encoding == null) {
      throw new IllegalArgumentException("raw PCM encoding is required (e.g. S16LE)");
    }
  }

  public int bytesPerFrame() {
    return channels * encoding.bytes();
  }

  @Override
  public String toString() {
    return encoding + " " + channels + "ch " + sampleRate + " Hz";
  }
}
