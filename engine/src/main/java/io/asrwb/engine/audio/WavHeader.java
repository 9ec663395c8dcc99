package io.asrwb.engine.audio;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Reads a RIFF/WAVE header (PCM 8/16/24/32-bit, IEEE float, WAVE_FORMAT_EXTENSIBLE) without
 * touching the samples, and says exactly what is wrong when the file is not a usable WAV.
 *
 * @param info        what the header says
 * @param formatTag   1 = integer PCM, 3 = IEEE float (extensible resolved to its sub-format)
 * @param dataOffset  byte offset of the first sample
 * @param dataBytes   bytes of sample data actually present in the file
 */
public record WavHeader(AudioInfo info, int formatTag, long dataOffset, long dataBytes) {

  public static final int PCM = 1;
  public static final int IEEE_FLOAT = 3;
  private static final int EXTENSIBLE = 0xFFFE;

  public int bytesPerFrame() {
    return info.channels() * (info.bitsPerSample() / 8);
  }

  public static WavHeader read(Path file) throws AudioFileException {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      long size = ch.size();
      if (size == 0) {
        throw new AudioFileException(file, AudioFileException.Reason.EMPTY, "audio file is empty (0 bytes)");
      }
      // Most headers fit in the first 4 KiB; larger leading chunks are skipped with seeks.
      ByteBuffer head = ByteBuffer.allocate((int) Math.min(size, 4096)).order(ByteOrder.LITTLE_ENDIAN);
      readFully(ch, head, 0);
      head.flip();
      if (head.remaining() < 12) {
        throw new AudioFileException(file, AudioFileException.Reason.TRUNCATED,
            "WAV header is truncated (" + size + " bytes; a RIFF header needs at least 44)");
      }
      int riff = head.getInt(0);
      int wave = head.getInt(8);
      if (riff != 0x46464952 /* RIFF */ || wave != 0x45564157 /* WAVE */) {
        throw new AudioFileException(file, AudioFileException.Reason.UNSUPPORTED_FORMAT,
            "not a RIFF/WAVE file (starts with " + printable(head, 4) + ")");
      }
      long pos = 12;
      int formatTag = -1;
      int channels = 0;
      int rate = 0;
      int bits = 0;
      ByteBuffer chunk = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
      while (true) {
        chunk.clear();
        if (pos + 8 > size) {
          String what = formatTag < 0 ? "no 'fmt ' chunk" : "no 'data' chunk";
          throw new AudioFileException(file, AudioFileException.Reason.TRUNCATED,
              "WAV header is truncated: " + what + " before the end of the file (" + size + " bytes)");
        }
        readFully(ch, chunk, pos);
        chunk.flip();
        int id = chunk.getInt();
        long len = Integer.toUnsignedLong(chunk.getInt());
        long body = pos + 8;
        if (id == 0x20746d66 /* 'fmt ' */) {
          if (len < 16 || body + 16 > size) {
            throw new AudioFileException(file, AudioFileException.Reason.TRUNCATED,
                "WAV 'fmt ' chunk is truncated (" + len + " bytes declared)");
          }
          ByteBuffer fmt = ByteBuffer.allocate((int) Math.min(len, 40)).order(ByteOrder.LITTLE_ENDIAN);
          readFully(ch, fmt, body);
          fmt.flip();
          formatTag = Short.toUnsignedInt(fmt.getShort(0));
          channels = Short.toUnsignedInt(fmt.getShort(2));
          rate = fmt.getInt(4);
          bits = Short.toUnsignedInt(fmt.getShort(14));
          if (formatTag == EXTENSIBLE && fmt.limit() >= 26) {
            formatTag = Short.toUnsignedInt(fmt.getShort(24)); // first 2 bytes of the sub-format GUID
          }
        } else if (id == 0x61746164 /* 'data' */) {
          if (formatTag < 0) {
            throw new AudioFileException(file, AudioFileException.Reason.CORRUPT,
                "WAV 'data' chunk comes before any 'fmt ' chunk");
          }
          validate(file, formatTag, channels, rate, bits);
          long present = Math.max(0, size - body);
          // Streaming writers leave 0 or 0xFFFFFFFF as the length; the file's end is the truth then.
          long declared = (len == 0 || len == 0xFFFFFFFFL) ? present : len;
          if (declared > present) {
            throw new AudioFileException(file, AudioFileException.Reason.TRUNCATED,
                "WAV data is truncated: header declares " + declared + " bytes of samples, file holds "
                    + present);
          }
          int frameBytes = channels * (bits / 8);
          long frames = declared / frameBytes;
          AudioInfo info = new AudioInfo("wav", rate, channels, bits, frames, (double) frames / rate);
          return new WavHeader(info, formatTag, body, frames * frameBytes);
        }
        pos = body + len + (len & 1); // chunks are word-aligned
      }
    } catch (NoSuchFileException e) {
      throw new AudioFileException(file, AudioFileException.Reason.MISSING, "audio file does not exist");
    } catch (IOException e) {
      throw new AudioFileException(file, AudioFileException.Reason.IO_ERROR,
          "cannot read audio file: " + e.getMessage(), e);
    }
  }

  private static void validate(Path file, int tag, int channels, int rate, int bits)
      throws AudioFileException {
    boolean pcm = tag == PCM && (bits == 8 || bits == 16 || bits == 24 || bits == 32);
    boolean flt = tag == IEEE_FLOAT && (bits == 32 || bits == 64);
    if (!pcm && !flt) {
      throw new AudioFileException(file, AudioFileException.Reason.UNSUPPORTED_FORMAT,
          "unsupported WAV encoding (format tag " + tag + ", " + bits + " bits); convert to PCM or float");
    }
    if (channels < 1 || rate < 1) {
      throw new AudioFileException(file, AudioFileException.Reason.CORRUPT,
          "WAV header is corrupt: " + channels + " channels at " + rate + " Hz");
    }
  }

  private static void readFully(FileChannel ch, ByteBuffer buf, long pos) throws IOException {
    while (buf.hasRemaining()) {
      int n = ch.read(buf, pos);
      if (n < 0) {
        break;
      }
      pos += n;
    }
  }

  private static String printable(ByteBuffer b, int n) {
    StringBuilder s = new StringBuilder("'");
    for (int i = 0; i < n && i < b.limit(); i++) {
      char c = (char) (b.get(i) & 0xff);
      s.append(c >= 32 && c < 127 ? c : '?');
    }
    return s.append('\'').toString();
  }
}
