package io.asrwb.engine.audio;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.jflac.ChannelData;
import org.jflac.FLACDecoder;
import org.jflac.frame.Frame;

/** Decodes a FLAC stream with jflac, frame by frame, straight into mono floats. */
final class FlacDecoding {

    private FlacDecoding() {}

    /**
     * Decodes the whole stream at byte {@code start} of the file (after any ID3v2 tag); fails with
     * TRUNCATED when fewer samples come out than STREAMINFO promised.
     */
    static PcmAudio decode(Path file, long start, FlacHeader header) throws AudioFileException {
        AudioInfo info = header.info();
        long expected = info.frames();
        float[] out = new float[(int) Math.max(0, Math.min(expected, Integer.MAX_VALUE - 8))];
        int n = 0;
        int badFrames;
        double scale = 1.0 / ((1L << (info.bitsPerSample() - 1)) * (double) info.channels());
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            in.skipNBytes(start);
            FLACDecoder decoder = new FLACDecoder(in);
            decoder.readMetadata();
            Frame frame;
            while ((frame = decoder.readNextFrame()) != null) {
                int block = frame.header.blockSize;
                ChannelData[] data = decoder.getChannelData();
                if (n + block > out.length) {
                    out = Arrays.copyOf(out, Math.max(out.length * 2, n + block));
                }
                for (int i = 0; i < block; i++) {
                    long sum = 0;
                    for (int c = 0; c < info.channels(); c++) {
                        sum += data[c].getOutput()[i];
                    }
                    out[n + i] = (float) (sum * scale);
                }
                n += block;
            }
            badFrames = decoder.getBadFrames();
        } catch (IOException | RuntimeException e) {
            // jflac signals damaged streams with runtime exceptions (array bounds) as well as
            // IOExceptions.
            throw new AudioFileException(
                    file,
                    AudioFileException.Reason.CORRUPT,
                    "FLAC stream cannot be decoded ("
                            + e
                            + "): "
                            + file
                            + "; re-encode it with `flac`",
                    e);
        }
        if (expected >= 0 && n < expected) {
            throw new AudioFileException(
                    file,
                    AudioFileException.Reason.TRUNCATED,
                    "FLAC data is truncated: STREAMINFO declares "
                            + expected
                            + " samples, the file holds "
                            + n
                            + ": "
                            + file
                            + "; the copy was cut short, copy it again");
        }
        if (badFrames > 0) {
            throw new AudioFileException(
                    file,
                    AudioFileException.Reason.CORRUPT,
                    "FLAC stream has "
                            + badFrames
                            + " damaged frame(s): "
                            + file
                            + "; re-encode it with `flac`");
        }
        int keep = expected >= 0 ? (int) expected : n;
        return new PcmAudio(keep == out.length ? out : Arrays.copyOf(out, keep), info.sampleRate());
    }
}
