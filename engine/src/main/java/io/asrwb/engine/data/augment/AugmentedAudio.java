package io.asrwb.engine.data.augment;

/**
 * A signal after the waveform augmentations, with what was drawn (for logs and tests).
 *
 * @param samples         16 kHz samples
 * @param speedFactor     speed applied (1 when none)
 * @param snrDb           SNR the {@code augment.noise} stage mixed at, NaN when it mixed none
 * @param backgroundSnrDb SNR the recorded background ({@code conditions.noise_dirs}) was mixed at,
 *                        NaN when none was
 */
public record AugmentedAudio(
        float[] samples, double speedFactor, double snrDb, double backgroundSnrDb) {

    public AugmentedAudio(float[] samples, double speedFactor, double snrDb) {
        this(samples, speedFactor, snrDb, Double.NaN);
    }

    public boolean noisy() {
        return !Double.isNaN(snrDb);
    }
}
