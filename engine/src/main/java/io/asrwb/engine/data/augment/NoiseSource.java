package io.asrwb.engine.data.augment;

import io.asrwb.engine.data.random.StableRandom;

/** Where mixed-in noise comes from: recorded clips or a generator. Implementations are immutable. */
public sealed interface NoiseSource permits NoiseClips, GeneratedNoise {

    /** {@code length} samples of noise at 16 kHz, every choice drawn from {@code random}. */
    float[] draw(int length, StableRandom random);
}
