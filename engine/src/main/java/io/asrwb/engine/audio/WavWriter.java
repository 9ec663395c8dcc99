package io.asrwb.engine.audio;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes float samples in [-1, 1] (interleaved when channels > 1) as a canonical 44-byte-header WAV. */
public final class WavWriter {

    private WavWriter() {}

    /** Writes {@code samples} as 16-bit PCM. */
    public static void writePcm16(Path file, float[] samples, int sampleRate, int channels)
            throws IOException {
        write(file, samples, sampleRate, channels, SampleEncoding.S16LE);
    }

    /**
     * Writes {@code samples} in a WAV-legal encoding: U8, S16LE, S24LE, S32LE (format tag 1) or
     * F32LE, F64LE (format tag 3).
     */
    public static void write(
            Path file, float[] samples, int sampleRate, int channels, SampleEncoding enc)
            throws IOException {
        boolean isFloat = enc.kind() == SampleEncoding.Kind.FLOAT;
        boolean legal =
                enc == SampleEncoding.U8
                        || (enc.bytes() > 1 && enc.order() == ByteOrder.LITTLE_ENDIAN);
        if (!legal) {
            throw new IllegalArgumentException(
                    "WAV cannot store " + enc + "; use U8, S16LE, S24LE, S32LE, F32LE or F64LE");
        }
        if (samples.length % channels != 0) {
            throw new IllegalArgumentException(
                    samples.length + " samples are not whole frames of " + channels + " channels");
        }
        byte[] data = PcmEncoder.encode(samples, enc);
        int blockAlign = channels * enc.bytes();
        ByteBuffer h = ByteBuffer.allocate(44).order(ByteOrder.LITTLE_ENDIAN);
        h.putInt(0x46464952).putInt(36 + data.length + (data.length & 1)).putInt(0x45564157);
        h.putInt(0x20746d66)
                .putInt(16)
                .putShort((short) (isFloat ? WavHeader.IEEE_FLOAT : WavHeader.PCM));
        h.putShort((short) channels).putInt(sampleRate).putInt(sampleRate * blockAlign);
        h.putShort((short) blockAlign).putShort((short) enc.bits());
        h.putInt(0x61746164).putInt(data.length);
        byte[] all = new byte[44 + data.length + (data.length & 1)]; // RIFF chunks are word-aligned
        System.arraycopy(h.array(), 0, all, 0, 44);
        System.arraycopy(data, 0, all, 44, data.length);
        Files.write(file, all);
    }
}
