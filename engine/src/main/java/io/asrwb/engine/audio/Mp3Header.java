package io.asrwb.engine.audio;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;

/**
 * Finds an mp3's first MPEG audio frame (after any ID3v2 tag) and its duration from headers only:
 * the Xing/Info or VBRI frame's frame count when there is one (minus the LAME tag's encoder delay
 * and padding), else a constant-bitrate estimate from the first frame's bitrate and the file size.
 *
 * @param info            rate and channels of the first frame; frames = -1 for a CBR estimate
 * @param firstFrame      byte offset of the first frame (the Xing/Info frame when present)
 * @param samplesPerFrame samples per channel in one frame (1152, 576 or 384)
 * @param hasInfoFrame    whether the first frame is a Xing/Info/VBRI frame (decodes to silence)
 * @param encoderDelay    samples of encoder delay the LAME tag asks decoders to drop (0 if unknown)
 */
record Mp3Header(
        AudioInfo info,
        long firstFrame,
        int samplesPerFrame,
        boolean hasInfoFrame,
        int encoderDelay) {

    /** How far past the ID3v2 tag we look for the first frame before giving up. */
    private static final int SYNC_SEARCH_BYTES = 4096;

    private static final int[][] BITRATES_KBPS = {
        {32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448}, // MPEG1 layer I
        {32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384}, // MPEG1 layer II
        {32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320}, // MPEG1 layer III
        {32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256}, // MPEG2/2.5 layer I
        {8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160}, // MPEG2/2.5 layer II, III
    };
    private static final int[] RATES_MPEG1 = {44100, 48000, 32000};

    /** One decoded 4-byte frame header. */
    record Frame(
            int version,
            int layer,
            int bitrateKbps,
            int sampleRate,
            boolean padded,
            boolean mono,
            boolean crc) {

        /** 3 = MPEG1, 2 = MPEG2, 0 = MPEG2.5 (the header's own code). */
        boolean mpeg1() {
            return version == 3;
        }

        int samplesPerFrame() {
            return layer == 1 ? 384 : (layer == 3 && !mpeg1()) ? 576 : 1152;
        }

        int lengthBytes() {
            if (layer == 1) {
                return (12 * bitrateKbps * 1000 / sampleRate + (padded ? 1 : 0)) * 4;
            }
            return samplesPerFrame() / 8 * bitrateKbps * 1000 / sampleRate + (padded ? 1 : 0);
        }

        /** Bytes from the frame start to where a Xing/Info header would begin. */
        int sideInfoEnd() {
            int side = mpeg1() ? (mono ? 17 : 32) : (mono ? 9 : 17);
            return 4 + (crc ? 2 : 0) + side;
        }

        /** Decodes a header, or null when the bytes are not a valid one. */
        static Frame parse(int h) {
            if ((h >>> 21) != 0x7FF) {
                return null;
            }
            int version = (h >>> 19) & 3;
            int layerBits = (h >>> 17) & 3;
            int bitrateIndex = (h >>> 12) & 0xF;
            int rateIndex = (h >>> 10) & 3;
            if (version == 1
                    || layerBits == 0
                    || bitrateIndex == 0
                    || bitrateIndex == 15
                    || rateIndex == 3) {
                return null; // reserved, free-format or bad values
            }
            int layer = 4 - layerBits;
            int table = version == 3 ? layer - 1 : (layer == 1 ? 3 : 4);
            int rate = RATES_MPEG1[rateIndex] >> (version == 3 ? 0 : version == 2 ? 1 : 2);
            return new Frame(
                    version,
                    layer,
                    BITRATES_KBPS[table][bitrateIndex - 1],
                    rate,
                    ((h >>> 9) & 1) == 1,
                    ((h >>> 6) & 3) == 3,
                    ((h >>> 16) & 1) == 0);
        }
    }

    /** Whether the buffer holds a plausible frame header at {@code at} (used to sniff the format). */
    static boolean looksLikeFrame(ByteBuffer b, int at) {
        if (at + 4 > b.limit()) {
            return false;
        }
        int h =
                ((b.get(at) & 0xff) << 24)
                        | ((b.get(at + 1) & 0xff) << 16)
                        | ((b.get(at + 2) & 0xff) << 8)
                        | (b.get(at + 3) & 0xff);
        return Frame.parse(h) != null;
    }

    static Mp3Header read(FileHead f, long audioStart) throws AudioFileException {
        Path file = f.file;
        ByteBuffer b = f.read(audioStart, SYNC_SEARCH_BYTES).order(ByteOrder.BIG_ENDIAN);
        int at = findFirstFrame(b);
        if (at < 0) {
            if (f.size - audioStart < 4) {
                throw new AudioFileException(
                        file,
                        AudioFileException.Reason.TRUNCATED,
                        "mp3 file is truncated: it ends before its first MPEG audio frame ("
                                + f.size
                                + " bytes): "
                                + file
                                + "; the copy was cut short, copy it again");
            }
            throw new AudioFileException(
                    file,
                    AudioFileException.Reason.UNSUPPORTED_FORMAT,
                    "not an mp3 file: no MPEG audio frame in the first "
                            + SYNC_SEARCH_BYTES
                            + " bytes after "
                            + (audioStart > 0 ? "the ID3 tag" : "the start")
                            + ": "
                            + file);
        }
        Frame fr = Frame.parse(b.getInt(at));
        long firstFrame = audioStart + at;
        int spf = fr.samplesPerFrame();
        int channels = fr.mono() ? 1 : 2;
        long audioEnd = f.size;
        if (f.size - 128 > firstFrame && FileHead.startsWith(f.read(f.size - 128, 3), 0, "TAG")) {
            audioEnd -= 128; // ID3v1 tag
        }

        int xing = xingOffset(b, at, fr);
        if (xing >= 0) {
            int flags = b.getInt(xing + 4);
            int p = xing + 8;
            long frames = -1;
            long bytes = -1;
            if ((flags & 1) != 0 && p + 4 <= b.limit()) {
                frames = Integer.toUnsignedLong(b.getInt(p));
                p += 4;
            }
            if ((flags & 2) != 0 && p + 4 <= b.limit()) {
                bytes = Integer.toUnsignedLong(b.getInt(p));
                p += 4;
            }
            p += (flags & 4) != 0 ? 100 : 0;
            p += (flags & 8) != 0 ? 4 : 0;
            if (frames > 0) {
                // Encoders differ on whether "bytes" counts an ID3v2 tag, so bytes before the first
                // frame are allowed to be missing; anything more means the stream was cut.
                if (bytes > 0 && bytes - (audioEnd - firstFrame) > firstFrame) {
                    throw new AudioFileException(
                            file,
                            AudioFileException.Reason.TRUNCATED,
                            "mp3 data is truncated: its Xing header declares "
                                    + bytes
                                    + " bytes of audio, the file holds "
                                    + (audioEnd - firstFrame)
                                    + ": "
                                    + file
                                    + "; the copy was cut short, copy it again");
                }
                long samples = frames * spf;
                int delay = 0;
                if (p + 24 <= b.limit()
                        && (FileHead.startsWith(b, p, "LAME")
                                || FileHead.startsWith(b, p, "Lav"))) {
                    int packed =
                            ((b.get(p + 21) & 0xff) << 16)
                                    | ((b.get(p + 22) & 0xff) << 8)
                                    | (b.get(p + 23) & 0xff);
                    int d = packed >>> 12;
                    int pad = packed & 0xFFF;
                    if (d + pad < samples) {
                        delay = d;
                        samples -= d + pad;
                    }
                }
                return new Mp3Header(
                        new AudioInfo(
                                "mp3",
                                fr.sampleRate(),
                                channels,
                                0,
                                samples,
                                (double) samples / fr.sampleRate()),
                        firstFrame,
                        spf,
                        true,
                        delay);
            }
        }
        int vbri = at + 36;
        if (vbri + 18 <= b.limit() && FileHead.startsWith(b, vbri, "VBRI")) {
            long frames = Integer.toUnsignedLong(b.getInt(vbri + 14));
            if (frames > 0) {
                long samples = frames * spf;
                return new Mp3Header(
                        new AudioInfo(
                                "mp3",
                                fr.sampleRate(),
                                channels,
                                0,
                                samples,
                                (double) samples / fr.sampleRate()),
                        firstFrame,
                        spf,
                        true,
                        0);
            }
        }
        double seconds = (audioEnd - firstFrame) * 8.0 / (fr.bitrateKbps() * 1000.0);
        return new Mp3Header(
                new AudioInfo("mp3", fr.sampleRate(), channels, 0, -1, seconds),
                firstFrame,
                spf,
                false,
                0);
    }

    /**
     * The first offset holding a frame header whose successor (when it lies in the buffer) is a
     * frame header of the same stream: a lone 0xFFE pattern in junk or tag padding is not enough.
     */
    private static int findFirstFrame(ByteBuffer b) {
        for (int i = 0; i + 4 <= b.limit(); i++) {
            if ((b.get(i) & 0xff) != 0xff) {
                continue;
            }
            Frame fr = Frame.parse(b.getInt(i));
            if (fr == null) {
                continue;
            }
            int next = i + fr.lengthBytes();
            if (next + 4 > b.limit()) {
                return i;
            }
            Frame nf = Frame.parse(b.getInt(next));
            if (nf != null
                    && nf.version() == fr.version()
                    && nf.layer() == fr.layer()
                    && nf.sampleRate() == fr.sampleRate()) {
                return i;
            }
        }
        return -1;
    }

    /** Where "Xing"/"Info" starts in the first frame, or -1. */
    private static int xingOffset(ByteBuffer b, int at, Frame fr) {
        for (int off :
                new int[] {at + fr.sideInfoEnd(), at + fr.sideInfoEnd() + (fr.crc() ? -2 : 2)}) {
            if (off + 8 <= b.limit()
                    && (FileHead.startsWith(b, off, "Xing")
                            || FileHead.startsWith(b, off, "Info"))) {
                return off;
            }
        }
        return -1;
    }

    /** Length of an ID3v2 tag at the start of the head (header, body and footer), or 0. */
    static long id3v2Length(FileHead f) {
        ByteBuffer h = f.head;
        if (h.limit() < 10 || !f.startsWith(0, "ID3")) {
            return 0;
        }
        int size =
                ((h.get(6) & 0x7f) << 21)
                        | ((h.get(7) & 0x7f) << 14)
                        | ((h.get(8) & 0x7f) << 7)
                        | (h.get(9) & 0x7f);
        boolean footer = (h.get(5) & 0x10) != 0;
        return 10L + size + (footer ? 10 : 0);
    }
}
