package io.asrwb.engine.data.batching;

import io.asrwb.engine.features.FeatureExtractor;
import io.asrwb.engine.features.Normalization;

/**
 * 16 kHz samples to normalised feature frames {@code [T][F]} (a fresh array the caller may modify).
 * Must be thread-safe and a pure function of the samples: the loader's output depends on it.
 */
@FunctionalInterface
public interface FrameFeatures {

    float[][] frames(float[] samples);

    /** An extractor followed by a normalisation. */
    static FrameFeatures of(FeatureExtractor extractor, Normalization normalization) {
        return samples -> normalization.applyInPlace(extractor.extract(samples));
    }
}
