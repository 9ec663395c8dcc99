package io.asrwb.engine.data.augment;

/**
 * A signal after the waveform augmentations, with what was drawn (for logs and tests).
 *
 * @param samples     16 kHz samples
 * @param speedFactor speed applied (1 when none)
 * @param snrDb       SNR the noise was mixed at, NaN when no noise was mixed
 */
public record AugmentedAudio(float[] samples, double speedFactor, double snrDb) {

    public boolean noisy() {
        return !Double.isNaN(snrDb);
    }
}
