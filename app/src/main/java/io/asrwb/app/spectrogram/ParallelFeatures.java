package io.asrwb.app.spectrogram;

import io.asrwb.engine.features.FeatureExtractor;
import io.asrwb.engine.features.SpectrogramConfig;
import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * Runs an extractor over chunks of a long signal in parallel and stitches the frames, giving the
 * same matrix as one call: each chunk's slice carries a margin of whole hops (≥ half an FFT) on
 * both sides, so every kept frame sees only real samples; the first and last slices end where
 * the signal does, so their edge padding is the extractor's own.
 */
final class ParallelFeatures {

    /** Frames per chunk: big enough that the per-call setup is noise. */
    static final int CHUNK_FRAMES = 4096;

    private ParallelFeatures() {}

    static float[][] extract(FeatureExtractor extractor, float[] samples) {
        SpectrogramConfig c = extractor.spectrogramConfig();
        int total = c.frameCount(samples.length);
        if (!c.center() || total <= 2 * CHUNK_FRAMES) {
            return extractor.extract(samples);
        }
        int hop = c.hopLength();
        int marginFrames = (c.nFft() / 2 + hop - 1) / hop + 1;
        int chunks = (total + CHUNK_FRAMES - 1) / CHUNK_FRAMES;
        float[][] out = new float[total][];
        IntStream.range(0, chunks)
                .parallel()
                .forEach(
                        k -> {
                            int first = k * CHUNK_FRAMES;
                            int last = Math.min(total, first + CHUNK_FRAMES); // exclusive
                            int firstInSlice = Math.min(first, marginFrames);
                            int sliceStart = (first - firstInSlice) * hop;
                            long wantedEnd = (long) (last - 1 + marginFrames) * hop + c.nFft();
                            int sliceEnd =
                                    wantedEnd >= samples.length ? samples.length : (int) wantedEnd;
                            float[][] part =
                                    extractor.extract(
                                            Arrays.copyOfRange(samples, sliceStart, sliceEnd));
                            System.arraycopy(part, firstInSlice, out, first, last - first);
                        });
        return out;
    }
}
