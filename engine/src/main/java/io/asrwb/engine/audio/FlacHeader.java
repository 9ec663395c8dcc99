package io.asrwb.engine.audio;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;

/**
 * Reads a FLAC stream's STREAMINFO block (rate, channels, bits, total samples) and walks the
 * metadata blocks to where the audio frames start, without decoding anything.
 *
 * @param info        what STREAMINFO says; frames = -1 when the encoder did not record the total
 * @param audioOffset byte offset of the first audio frame
 */
record FlacHeader(AudioInfo info, long audioOffset) {

    private static final int STREAMINFO = 0;
    private static final int STREAMINFO_BYTES = 34;

    static FlacHeader read(FileHead f, long start) throws AudioFileException {
        Path file = f.file;
        long pos = start + 4;
        if (pos + 4 + STREAMINFO_BYTES > f.size) {
            throw truncated(file, "the STREAMINFO block", f.size);
        }
        ByteBuffer b = f.read(pos, 4 + STREAMINFO_BYTES).order(ByteOrder.BIG_ENDIAN);
        int blockType = b.get(0) & 0x7f;
        int blockLen = ((b.get(1) & 0xff) << 16) | ((b.get(2) & 0xff) << 8) | (b.get(3) & 0xff);
        if (blockType != STREAMINFO || blockLen < STREAMINFO_BYTES) {
            throw new AudioFileException(
                    file,
                    AudioFileException.Reason.CORRUPT,
                    "FLAC file does not start with a STREAMINFO block (block type "
                            + blockType
                            + ", "
                            + blockLen
                            + " bytes): "
                            + file
                            + "; re-encode it with `flac`");
        }
        // Bytes 10..17 of STREAMINFO: rate (20 bits), channels-1 (3), bits-1 (5), total samples
        // (36).
        long packed = b.getLong(4 + 10);
        int rate = (int) (packed >>> 44);
        int channels = (int) ((packed >>> 41) & 0x7) + 1;
        int bits = (int) ((packed >>> 36) & 0x1f) + 1;
        long total = packed & 0xFFFFFFFFFL;
        if (rate == 0) {
            throw new AudioFileException(
                    file,
                    AudioFileException.Reason.CORRUPT,
                    "FLAC STREAMINFO gives a sample rate of 0 Hz: "
                            + file
                            + "; re-encode it with `flac`");
        }
        long audioOffset = skipMetadata(f, pos);
        if (audioOffset >= f.size) {
            throw new AudioFileException(
                    file,
                    AudioFileException.Reason.TRUNCATED,
                    "FLAC file ends after its metadata, before any audio frame: "
                            + file
                            + "; the copy was cut short, copy it again");
        }
        long frames = total == 0 ? -1 : total;
        double seconds = total == 0 ? Double.NaN : (double) total / rate;
        return new FlacHeader(
                new AudioInfo("flac", rate, channels, bits, frames, seconds), audioOffset);
    }

    /** Follows the metadata block chain from the first block header at {@code pos} to the audio. */
    private static long skipMetadata(FileHead f, long pos) throws AudioFileException {
        for (int blocks = 0; blocks < 100_000; blocks++) {
            if (pos + 4 > f.size) {
                throw truncated(f.file, "the metadata blocks", f.size);
            }
            ByteBuffer h = f.read(pos, 4);
            pos += 4 + length(h);
            if (h.get(0) < 0) { // "last metadata block" flag
                if (pos > f.size) {
                    throw truncated(f.file, "the metadata blocks", f.size);
                }
                return pos;
            }
        }
        throw new AudioFileException(
                f.file,
                AudioFileException.Reason.CORRUPT,
                "FLAC metadata never ends (no block marked last): " + f.file);
    }

    private static int length(ByteBuffer header) {
        return ((header.get(1) & 0xff) << 16)
                | ((header.get(2) & 0xff) << 8)
                | (header.get(3) & 0xff);
    }

    private static AudioFileException truncated(Path file, String what, long size) {
        return new AudioFileException(
                file,
                AudioFileException.Reason.TRUNCATED,
                "FLAC header is truncated: the file ("
                        + size
                        + " bytes) ends inside "
                        + what
                        + ": "
                        + file
                        + "; the copy was cut short, copy it again");
    }
}
