package io.asrwb.engine.audio;

import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * Reads a RIFF/WAVE header (PCM 8/16/24/32-bit, IEEE float, WAVE_FORMAT_EXTENSIBLE) without
 * touching the samples, and says exactly what is wrong when the file is not a usable WAV.
 *
 * @param info        what the header says
 * @param formatTag   1 = integer PCM, 3 = IEEE float (extensible resolved to its sub-format)
 * @param dataOffset  byte offset of the first sample
 * @param dataBytes   bytes of sample data actually present in the file (whole frames)
 */
public record WavHeader(AudioInfo info, int formatTag, long dataOffset, long dataBytes) {

    public static final int PCM = 1;
    public static final int IEEE_FLOAT = 3;
    private static final int EXTENSIBLE = 0xFFFE;

    public int bytesPerFrame() {
        return info.channels() * (info.bitsPerSample() / 8);
    }

    /** How one stored sample is laid out (WAV is little-endian; 8-bit PCM is unsigned). */
    public SampleEncoding encoding() {
        if (formatTag == IEEE_FLOAT) {
            return info.bitsPerSample() == 32 ? SampleEncoding.F32LE : SampleEncoding.F64LE;
        }
        return switch (info.bitsPerSample()) {
            case 8 -> SampleEncoding.U8;
            case 16 -> SampleEncoding.S16LE;
            case 24 -> SampleEncoding.S24LE;
            default -> SampleEncoding.S32LE;
        };
    }

    PcmLayout layout() {
        return new PcmLayout(info, encoding(), dataOffset);
    }

    public static WavHeader read(Path file) throws AudioFileException {
        try (FileHead head = FileHead.open(file)) {
            return read(head);
        }
    }

    static WavHeader read(FileHead f) throws AudioFileException {
        Path file = f.file;
        long size = f.size;
        if (f.head.limit() < 12) {
            throw new AudioFileException(
                    file,
                    AudioFileException.Reason.TRUNCATED,
                    "WAV header is truncated ("
                            + size
                            + " bytes; a RIFF header needs at least 44): "
                            + file);
        }
        if (!f.startsWith(0, "RIFF") || !f.startsWith(8, "WAVE")) {
            throw new AudioFileException(
                    file,
                    AudioFileException.Reason.UNSUPPORTED_FORMAT,
                    "not a RIFF/WAVE file (starts with " + f.printableStart(4) + "): " + file);
        }
        long pos = 12;
        int formatTag = -1;
        int channels = 0;
        int rate = 0;
        int bits = 0;
        while (true) {
            if (pos + 8 > size) {
                String what = formatTag < 0 ? "no 'fmt ' chunk" : "no 'data' chunk";
                throw new AudioFileException(
                        file,
                        AudioFileException.Reason.TRUNCATED,
                        "WAV header is truncated: "
                                + what
                                + " before the end of the file ("
                                + size
                                + " bytes): "
                                + file);
            }
            ByteBuffer chunk = f.read(pos, 8);
            int id = chunk.getInt(0);
            long len = Integer.toUnsignedLong(chunk.getInt(4));
            long body = pos + 8;
            if (id == 0x20746d66 /* 'fmt ' */) {
                if (len < 16 || body + 16 > size) {
                    throw new AudioFileException(
                            file,
                            AudioFileException.Reason.TRUNCATED,
                            "WAV 'fmt ' chunk is truncated ("
                                    + len
                                    + " bytes declared, "
                                    + Math.max(0, size - body)
                                    + " present): "
                                    + file);
                }
                ByteBuffer fmt = f.read(body, (int) Math.min(len, 40));
                formatTag = Short.toUnsignedInt(fmt.getShort(0));
                channels = Short.toUnsignedInt(fmt.getShort(2));
                rate = fmt.getInt(4);
                bits = Short.toUnsignedInt(fmt.getShort(14));
                if (formatTag == EXTENSIBLE && fmt.limit() >= 26) {
                    formatTag =
                            Short.toUnsignedInt(
                                    fmt.getShort(24)); // first 2 bytes of the sub-format GUID
                }
            } else if (id == 0x61746164 /* 'data' */) {
                if (formatTag < 0) {
                    throw new AudioFileException(
                            file,
                            AudioFileException.Reason.CORRUPT,
                            "WAV 'data' chunk comes before any 'fmt ' chunk: " + file);
                }
                validate(file, formatTag, channels, rate, bits);
                long present = Math.max(0, size - body);
                // Streaming writers leave 0 or 0xFFFFFFFF as the length; the file's end is the
                // truth then.
                long declared = (len == 0 || len == 0xFFFFFFFFL) ? present : len;
                if (declared > present) {
                    throw new AudioFileException(
                            file,
                            AudioFileException.Reason.TRUNCATED,
                            "WAV data is truncated: header declares "
                                    + declared
                                    + " bytes of samples, file holds "
                                    + present
                                    + "; the copy was cut short, copy or export it again: "
                                    + file);
                }
                int frameBytes = channels * (bits / 8);
                long frames = declared / frameBytes;
                AudioInfo info =
                        new AudioInfo("wav", rate, channels, bits, frames, (double) frames / rate);
                return new WavHeader(info, formatTag, body, frames * frameBytes);
            }
            pos = body + len + (len & 1); // chunks are word-aligned
        }
    }

    private static void validate(Path file, int tag, int channels, int rate, int bits)
            throws AudioFileException {
        boolean pcm = tag == PCM && (bits == 8 || bits == 16 || bits == 24 || bits == 32);
        boolean flt = tag == IEEE_FLOAT && (bits == 32 || bits == 64);
        if (!pcm && !flt) {
            throw new AudioFileException(
                    file,
                    AudioFileException.Reason.UNSUPPORTED_FORMAT,
                    "unsupported WAV encoding (format tag "
                            + tag
                            + ", "
                            + bits
                            + " bits): "
                            + file
                            + "; convert it to PCM or float, e.g. `sox in.wav -b 16 out.wav`");
        }
        if (channels < 1 || rate < 1) {
            throw new AudioFileException(
                    file,
                    AudioFileException.Reason.CORRUPT,
                    "WAV header is corrupt: " + channels + " channels at " + rate + " Hz: " + file);
        }
    }
}
