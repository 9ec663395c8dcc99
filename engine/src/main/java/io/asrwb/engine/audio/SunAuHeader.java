package io.asrwb.engine.audio;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads a Sun/NeXT {@code .au}/{@code .snd} header (".snd", then big-endian data offset, data
 * size, encoding, sample rate, channels). Many {@code .au} files in the wild have no header at all
 * (Debian's saytime ships them so): those are read as headerless 8 kHz mono μ-law, the format the
 * header-less Sun audio device played, and a warning says so (once per run).
 */
final class SunAuHeader {

    private static final Logger LOG = LoggerFactory.getLogger(SunAuHeader.class);

    private static final AtomicBoolean WARNED = new AtomicBoolean();

    private static final int HEADER_BYTES = 24;
    private static final long UNKNOWN_SIZE = 0xFFFFFFFFL;

    private SunAuHeader() {}

    static PcmLayout read(FileHead f) throws AudioFileException {
        Path file = f.file;
        if (!f.startsWith(0, ".snd")) {
            // A guess the user should hear about (the CLI shows warnings), but once: a folder of
            // 10,000 such files would otherwise bury everything else.
            if (WARNED.compareAndSet(false, true)) {
                LOG.warn(
                        "{} has no Sun .au header (it does not start with '.snd'): reading it as"
                                + " headerless 8 kHz mono μ-law, the telephone norm (said once;"
                                + " other headerless .au files are read the same way)",
                        file);
            }
            return PcmLayout.headerless(f, "au", SampleEncoding.ULAW);
        }
        if (f.head.limit() < HEADER_BYTES) {
            throw new AudioFileException(
                    file,
                    AudioFileException.Reason.TRUNCATED,
                    "Sun .au header is truncated ("
                            + f.size
                            + " bytes; the header alone needs 24): "
                            + file
                            + "; the copy was cut short, copy it again");
        }
        ByteBuffer h = f.read(0, HEADER_BYTES).order(ByteOrder.BIG_ENDIAN);
        long offset = Integer.toUnsignedLong(h.getInt(4));
        long declared = Integer.toUnsignedLong(h.getInt(8));
        int code = h.getInt(12);
        int rate = h.getInt(16);
        int channels = h.getInt(20);
        if (offset < HEADER_BYTES || offset > f.size || rate < 1 || channels < 1) {
            throw new AudioFileException(
                    file,
                    AudioFileException.Reason.CORRUPT,
                    "Sun .au header is corrupt (samples at byte "
                            + offset
                            + " of "
                            + f.size
                            + ", "
                            + rate
                            + " Hz, "
                            + channels
                            + " channels): "
                            + file);
        }
        SampleEncoding enc = encoding(file, code);
        long present = f.size - offset;
        long bytes = declared == UNKNOWN_SIZE ? present : declared;
        if (bytes > present) {
            throw new AudioFileException(
                    file,
                    AudioFileException.Reason.TRUNCATED,
                    "Sun .au data is truncated: header declares "
                            + bytes
                            + " bytes of samples, file holds "
                            + present
                            + "; the copy was cut short, copy or export it again: "
                            + file);
        }
        int frameBytes = enc.bytes() * channels;
        if (bytes % frameBytes != 0) {
            throw new AudioFileException(
                    file,
                    AudioFileException.Reason.TRUNCATED,
                    "Sun .au data ends inside a sample: "
                            + bytes
                            + " bytes are not a whole number of "
                            + frameBytes
                            + "-byte frames ("
                            + enc
                            + ", "
                            + channels
                            + " channels): "
                            + file
                            + "; the file was cut short, export it again");
        }
        long frames = bytes / frameBytes;
        AudioInfo info =
                new AudioInfo("au", rate, channels, enc.bits(), frames, (double) frames / rate);
        return new PcmLayout(info, enc, offset);
    }

    /** The au encoding codes we read; the others are ADPCM variants or DSP-specific layouts. */
    private static SampleEncoding encoding(Path file, int code) throws AudioFileException {
        return switch (code) {
            case 1 -> SampleEncoding.ULAW;
            case 2 -> SampleEncoding.S8;
            case 3 -> SampleEncoding.S16BE;
            case 4 -> SampleEncoding.S24BE;
            case 5 -> SampleEncoding.S32BE;
            case 6 -> SampleEncoding.F32BE;
            case 7 -> SampleEncoding.F64BE;
            case 27 -> SampleEncoding.ALAW;
            default ->
                    throw new AudioFileException(
                            file,
                            AudioFileException.Reason.UNSUPPORTED_FORMAT,
                            "unsupported Sun .au encoding "
                                    + code
                                    + (code >= 23 && code <= 26 ? " (G.72x ADPCM)" : "")
                                    + ": "
                                    + file
                                    + "; μ-law (1), A-law (27), linear PCM (2-5) and float (6, 7)"
                                    + " are read; convert it, e.g."
                                    + " `sox in.au -e signed-integer -b 16 out.wav`");
        };
    }
}
