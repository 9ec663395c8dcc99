package io.asrwb.app.spectrogram;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.features.FeatureExtractor;
import io.asrwb.engine.features.LogMelSpectrogram;
import io.asrwb.engine.features.LogSpectrogram;
import io.asrwb.engine.features.MelConfig;
import io.asrwb.engine.features.SpectrogramConfig;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Chunked, parallel extraction gives exactly the frames one call gives, edges included. */
class ParallelFeaturesTest {

    private static float[] noise(int n) {
        Random random = new Random(7);
        float[] out = new float[n];
        for (int i = 0; i < n; i++) {
            out[i] = (float) (0.3 * random.nextGaussian());
        }
        return out;
    }

    private static void assertSame(FeatureExtractor extractor, float[] samples) {
        float[][] whole = extractor.extract(samples);
        float[][] parallel = ParallelFeatures.extract(extractor, samples);
        assertThat(parallel.length).isEqualTo(whole.length);
        for (int f = 0; f < whole.length; f++) {
            assertThat(parallel[f]).as("frame %d of %d", f, whole.length).containsExactly(whole[f]);
        }
    }

    @Test
    void linearFramesMatchASingleCall() {
        // 3.5 chunks of frames plus an odd tail, so the last slice is short and ends mid-hop
        int samples = (int) (3.5 * ParallelFeatures.CHUNK_FRAMES * 160) + 77;
        assertSame(new LogSpectrogram(SpectrogramConfig.deepSpeech()), noise(samples));
    }

    @Test
    void logMelFramesMatchASingleCall() {
        int samples = 2 * ParallelFeatures.CHUNK_FRAMES * 160 + 5 * 160;
        assertSame(
                new LogMelSpectrogram(SpectrogramConfig.deepSpeech(), MelConfig.of(64)),
                noise(samples));
    }
}
