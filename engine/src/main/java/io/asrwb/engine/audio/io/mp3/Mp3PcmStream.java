package io.asrwb.engine.audio.io.mp3;

import java.io.IOException;
import java.nio.file.Path;
import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioInputStream;
import javax.sound.sampled.UnsupportedAudioFileException;
import javazoom.spi.mpeg.sampled.convert.MpegFormatConversionProvider;
import javazoom.spi.mpeg.sampled.file.MpegAudioFileReader;

/**
 * An mp3 file decoded by mp3spi (as {@link JavaSoundMp3Decoder} does) a block at a time and mixed
 * down to mono with the same arithmetic, so a long file needs no whole-file array.
 */
public final class Mp3PcmStream implements AutoCloseable {

    private final AudioInputStream mp3;
    private final AudioInputStream decoded;
    private final int channels;
    private final int sampleRate;
    private final byte[] buf;
    private int have;

    private Mp3PcmStream(
            AudioInputStream mp3, AudioInputStream decoded, int channels, int sampleRate) {
        this.mp3 = mp3;
        this.decoded = decoded;
        this.channels = channels;
        this.sampleRate = sampleRate;
        this.buf = new byte[channels * 2 * 4096];
    }

    public static Mp3PcmStream open(Path file) throws IOException {
        AudioInputStream mp3;
        try {
            mp3 = new MpegAudioFileReader().getAudioInputStream(file.toFile());
        } catch (UnsupportedAudioFileException e) {
            throw new IOException(
                    "mp3spi does not recognise the file as MPEG audio: " + e.getMessage(), e);
        }
        try {
            AudioFormat src = mp3.getFormat();
            int channels = src.getChannels();
            AudioFormat pcm =
                    new AudioFormat(
                            AudioFormat.Encoding.PCM_SIGNED,
                            src.getSampleRate(),
                            16,
                            channels,
                            channels * 2,
                            src.getSampleRate(),
                            false);
            AudioInputStream decoded =
                    new MpegFormatConversionProvider().getAudioInputStream(pcm, mp3);
            return new Mp3PcmStream(mp3, decoded, channels, Math.round(src.getSampleRate()));
        } catch (RuntimeException e) {
            mp3.close();
            throw e;
        }
    }

    public int sampleRate() {
        return sampleRate;
    }

    /** Up to {@code len} mono samples into {@code dst[off…]}; -1 at the end. */
    public int read(float[] dst, int off, int len) throws IOException {
        int frameBytes = channels * 2;
        float scale = 1f / (32768f * channels);
        while (have < frameBytes) {
            int r = decoded.read(buf, have, buf.length - have);
            if (r < 0) {
                return -1;
            }
            have += r;
        }
        int frames = Math.min(len, have / frameBytes);
        for (int f = 0, p = 0; f < frames; f++) {
            int sum = 0;
            for (int c = 0; c < channels; c++, p += 2) {
                sum += (short) ((buf[p] & 0xff) | (buf[p + 1] << 8));
            }
            dst[off + f] = sum * scale;
        }
        int used = frames * frameBytes;
        System.arraycopy(buf, used, buf, 0, have - used);
        have -= used;
        return frames;
    }

    @Override
    public void close() {
        try {
            decoded.close();
            mp3.close();
        } catch (IOException ignored) {
            // reading is over; nothing to report
        }
    }
}
