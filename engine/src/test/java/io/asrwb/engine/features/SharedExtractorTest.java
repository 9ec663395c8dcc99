package io.asrwb.engine.features;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** One extractor instance serves several loader threads: no shared mutable scratch. */
class SharedExtractorTest {

    @Test
    void concurrentCallsGiveTheSameFeaturesAsASingleThread() throws Exception {
        SpectrogramConfig config = SpectrogramConfig.deepSpeech();
        List<FeatureExtractor> extractors =
                List.of(
                        LogSpectrogram.deepSpeech(),
                        new LogMelSpectrogram(config, MelConfig.defaults()),
                        new Mfcc(config, MfccConfig.defaults()));
        float[] input = GoldenMatrix.input();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            for (FeatureExtractor extractor : extractors) {
                float[][] expected = extractor.extract(input);
                List<Future<float[][]>> results = new ArrayList<>();
                for (int i = 0; i < 16; i++) {
                    results.add(pool.submit(() -> extractor.extract(input)));
                }
                for (Future<float[][]> result : results) {
                    assertThat(result.get()).isDeepEqualTo(expected);
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
