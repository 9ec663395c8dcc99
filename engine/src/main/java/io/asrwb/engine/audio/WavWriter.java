package io.asrwb.engine.audio;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes mono or interleaved float samples in [-1, 1] as 16-bit PCM WAV. */
public final class WavWriter {

  private WavWriter() {}

  /** Writes {@code samples} (interleaved when channels > 1) as 16-bit PCM. */
  public static void writePcm16(Path file, float[] samples, int sampleRate, int channels)
      throws IOException {
    int dataBytes = samples.length * 2;
    ByteBuffer b = ByteBuffer.allocate(44 + dataBytes).order(ByteOrder.LITTLE_ENDIAN);
    b.putInt(0x46464952).putInt(36 + dataBytes).putInt(0x45564157);
    b.putInt(0x20746d66).putInt(16).putShort((short) 1).putShort((short) channels);
    b.putInt(sampleRate).putInt(sampleRate * channels * 2).putShort((short) (channels * 2));
    b.putShort((short) 16);
    b.putInt(0x61746164).putInt(dataBytes);
    for (float s : samples) {
      float c = Math.max(-1f, Math.min(1f, s));
      b.putShort((short) Math.round(c * 32767f));
    }
    try (OutputStream out = Files.newOutputStream(file)) {
      out.write(b.array());
    }
  }
}
