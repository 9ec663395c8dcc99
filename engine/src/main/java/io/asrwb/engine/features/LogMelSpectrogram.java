package io.asrwb.engine.features;

/**
 * Log mel-band power: {@code ln(max(mel_power, logFloor))} per frame, mel power as torchaudio's
 * {@code MelSpectrogram(power=2.0)} with the {@link MelConfig}'s scale and norm.
 */
public final class LogMelSpectrogram implements FeatureExtractor {

    private final MelPower melPower;
    private final double logFloor;

    public LogMelSpectrogram(SpectrogramConfig spectrogram, MelConfig mel) {
        this.melPower = new MelPower(spectrogram, mel);
        this.logFloor = mel.logFloor();
    }

    @Override
    public float[][] extract(float[] samples) {
        float[][] out = new float[spectrogramConfig().frameCount(samples.length)][melPower.nMels()];
        melPower.forEachFrame(
                samples,
                (frame, mel) -> {
                    float[] row = out[frame];
                    for (int m = 0; m < mel.length; m++) {
                        row[m] = (float) FastLog.log(Math.max(mel[m], logFloor));
                    }
                });
        return out;
    }

    @Override
    public int featureSize() {
        return melPower.nMels();
    }

    @Override
    public SpectrogramConfig spectrogramConfig() {
        return melPower.spectrogramConfig();
    }
}
