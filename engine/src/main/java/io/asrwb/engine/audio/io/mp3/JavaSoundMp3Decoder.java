package io.asrwb.engine.audio.io.mp3;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Arrays;
import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioInputStream;
import javax.sound.sampled.UnsupportedAudioFileException;
import javazoom.spi.mpeg.sampled.convert.MpegFormatConversionProvider;
import javazoom.spi.mpeg.sampled.file.MpegAudioFileReader;

/**
 * Decodes mp3 with mp3spi's javax.sound service providers, used directly rather than looked up
 * through {@code AudioSystem}, so no other installed provider (jflac's, TarsosDSP's) can claim the
 * file. This is deliberately the only mp3 path: TarsosDSP's {@code AudioDispatcherFactory.fromPipe}
 * / {@code PipeDecoder} would shell out to ffmpeg and download a binary from the internet when
 * ffmpeg is missing, so nothing in the engine calls them.
 */
public final class JavaSoundMp3Decoder {

    private JavaSoundMp3Decoder() {}

    /** Decodes every frame of the file to 16-bit PCM and mixes it down to mono floats. */
    public static DecodedAudio decode(Path file) throws IOException {
        AudioInputStream mp3;
        try {
            mp3 = new MpegAudioFileReader().getAudioInputStream(file.toFile());
        } catch (UnsupportedAudioFileException e) {
            throw new IOException(
                    "mp3spi does not recognise the file as MPEG audio: " + e.getMessage(), e);
        }
        try (mp3) {
            AudioFormat src = mp3.getFormat();
            int channels = src.getChannels();
            int rate = Math.round(src.getSampleRate());
            AudioFormat pcm =
                    new AudioFormat(
                            AudioFormat.Encoding.PCM_SIGNED,
                            src.getSampleRate(),
                            16,
                            channels,
                            channels * 2,
                            src.getSampleRate(),
                            false);
            try (AudioInputStream decoded =
                    new MpegFormatConversionProvider().getAudioInputStream(pcm, mp3)) {
                return new DecodedAudio(mixdown(decoded, channels), rate, channels);
            }
        }
    }

    private static float[] mixdown(InputStream in, int channels) throws IOException {
        byte[] buf = new byte[channels * 2 * 4096];
        float[] out = new float[1 << 16];
        int n = 0;
        int have = 0;
        int frameBytes = channels * 2;
        float scale = 1f / (32768f * channels);
        int r;
        while ((r = in.read(buf, have, buf.length - have)) >= 0) {
            have += r;
            int frames = have / frameBytes;
            if (n + frames > out.length) {
                out = Arrays.copyOf(out, Math.max(out.length * 2, n + frames));
            }
            for (int f = 0, p = 0; f < frames; f++) {
                int sum = 0;
                for (int c = 0; c < channels; c++, p += 2) {
                    sum += (short) ((buf[p] & 0xff) | (buf[p + 1] << 8));
                }
                out[n++] = sum * scale;
            }
            int used = frames * frameBytes;
            System.arraycopy(buf, used, buf, 0, have - used);
            have -= used;
        }
        return Arrays.copyOf(out, n);
    }
}
