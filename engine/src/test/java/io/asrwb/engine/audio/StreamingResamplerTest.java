package io.asrwb.engine.audio;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Chunked resampling equals whole-signal resampling to the bit, whatever the chunk sizes. */
class StreamingResamplerTest {

    @ParameterizedTest
    @CsvSource({
        "44100, 16000",
        "48000, 16000",
        "22050, 16000",
        "8000, 16000",
        "16000, 16000",
        "11025, 16000",
        "16000, 8000"
    })
    void chunksGiveTheWholeSignalsSamples(int in, int out) {
        Random random = new Random(in + out);
        float[] signal = new float[in * 3 + 17];
        for (int i = 0; i < signal.length; i++) {
            signal[i] = (float) (0.5 * Math.sin(i * 0.01) + 0.1 * random.nextGaussian());
        }
        float[] whole = new Resampler(in, out).process(signal);

        StreamingResampler streaming = new StreamingResampler(in, out);
        float[] got = new float[whole.length + 100];
        int n = 0;
        for (int pos = 0; pos < signal.length; ) {
            int len = Math.min(signal.length - pos, 1 + random.nextInt(5000));
            float[] part = streaming.feed(signal, pos, len);
            System.arraycopy(part, 0, got, n, part.length);
            n += part.length;
            pos += len;
        }
        float[] tail = streaming.finish();
        System.arraycopy(tail, 0, got, n, tail.length);
        n += tail.length;

        assertThat(n).isEqualTo(whole.length);
        for (int i = 0; i < n; i++) {
            assertThat(Float.floatToIntBits(got[i]))
                    .as("sample %d", i)
                    .isEqualTo(Float.floatToIntBits(whole[i]));
        }
    }

    @ParameterizedTest
    @CsvSource({"44100, 16000", "8000, 16000"})
    void aSignalShorterThanTheFilterComesOutWhole(int in, int out) {
        float[] signal = {0.5f, -0.25f, 0.125f};
        StreamingResampler streaming = new StreamingResampler(in, out);
        float[] first = streaming.feed(signal, 0, signal.length);
        float[] tail = streaming.finish();
        float[] got = new float[first.length + tail.length];
        System.arraycopy(first, 0, got, 0, first.length);
        System.arraycopy(tail, 0, got, first.length, tail.length);
        assertThat(got).containsExactly(new Resampler(in, out).process(signal));
    }
}
