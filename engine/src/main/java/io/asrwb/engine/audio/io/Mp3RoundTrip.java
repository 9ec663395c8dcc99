package io.asrwb.engine.audio.io;

import de.sciss.jump3r.lowlevel.LameEncoder;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioInputStream;
import javax.sound.sampled.UnsupportedAudioFileException;
import javazoom.spi.mpeg.sampled.convert.MpegFormatConversionProvider;
import javazoom.spi.mpeg.sampled.file.MpegAudioFileReader;

/**
 * A 16 kHz mono signal through an MP3 encoder and back, for codec-artefact augmentation: encoded
 * at a constant bitrate by jump3r (a pure-Java port of LAME), decoded by the same mp3spi path the
 * engine reads MP3 files with, realigned by the codec's fixed delay and cut to the input length.
 *
 * <p>Encoding is deterministic (same input and bitrate, same bytes). It is serialised behind one
 * lock: jump3r keeps FFT windows in static fields that every encoder initialises, so two encoders
 * at once would race on them.
 */
public final class Mp3RoundTrip {

    /** MPEG-2 Layer III bitrates a 16 kHz stream can use, kbit/s. */
    public static final List<Integer> BITRATES =
            List.of(8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160);

    /** LAME's encoder delay (576) plus the decoder's (529), in samples: measured, fixed per codec. */
    static final int DELAY = 1105;

    private static final int RATE = 16_000;
    private static final Object ENCODER_LOCK = new Object();

    private Mp3RoundTrip() {}

    /** {@code samples} (16 kHz mono, full scale ±1) as they come out of an MP3 at {@code kbps}. */
    public static float[] apply(float[] samples, int kbps) {
        if (samples.length == 0) {
            return new float[0];
        }
        byte[] mp3 = encode(samples, kbps);
        float[] decoded = decode(mp3);
        float[] out = new float[samples.length];
        int n = Math.max(0, Math.min(samples.length, decoded.length - DELAY));
        System.arraycopy(decoded, DELAY, out, 0, n);
        return out;
    }

    static byte[] encode(float[] x, int kbps) {
        byte[] pcm = new byte[x.length * 2];
        for (int i = 0; i < x.length; i++) {
            int v = Math.max(-32768, Math.min(32767, Math.round(x[i] * 32767f)));
            pcm[2 * i] = (byte) v;
            pcm[2 * i + 1] = (byte) (v >> 8);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(x.length / 4 + 1024);
        synchronized (ENCODER_LOCK) {
            LameEncoder enc =
                    new LameEncoder(
                            new AudioFormat(RATE, 16, 1, true, false),
                            kbps,
                            LameEncoder.CHANNEL_MODE_MONO,
                            LameEncoder.QUALITY_MIDDLE,
                            false);
            try {
                byte[] buf = new byte[enc.getMP3BufferSize()];
                int chunk = enc.getPCMBufferSize();
                for (int off = 0; off < pcm.length; off += chunk) {
                    int n = enc.encodeBuffer(pcm, off, Math.min(chunk, pcm.length - off), buf);
                    out.write(buf, 0, n);
                }
                out.write(buf, 0, enc.encodeFinish(buf));
            } finally {
                enc.close();
            }
        }
        return out.toByteArray();
    }

    static float[] decode(byte[] mp3) {
        try (AudioInputStream in =
                new MpegAudioFileReader().getAudioInputStream(new ByteArrayInputStream(mp3))) {
            AudioFormat src = in.getFormat();
            AudioFormat pcm =
                    new AudioFormat(
                            AudioFormat.Encoding.PCM_SIGNED,
                            src.getSampleRate(),
                            16,
                            1,
                            2,
                            src.getSampleRate(),
                            false);
            byte[] b;
            try (AudioInputStream decoded =
                    new MpegFormatConversionProvider().getAudioInputStream(pcm, in)) {
                b = decoded.readAllBytes();
            }
            float[] y = new float[b.length / 2];
            for (int i = 0; i < y.length; i++) {
                y[i] = (short) ((b[2 * i] & 0xff) | (b[2 * i + 1] << 8)) / 32768f;
            }
            return y;
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "MP3 round trip: decoding what jump3r encoded failed", e);
        } catch (UnsupportedAudioFileException e) {
            throw new IllegalStateException(
                    "MP3 round trip: mp3spi does not read what jump3r wrote", e);
        }
    }
}
