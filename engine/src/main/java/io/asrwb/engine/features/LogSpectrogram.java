package io.asrwb.engine.features;

/**
 * deepspeech.pytorch's input feature: {@code log(1 + |STFT|)} of the linear-frequency magnitude,
 * {@code nFft / 2 + 1} bins per frame (161 with {@link SpectrogramConfig#deepSpeech()}).
 */
public final class LogSpectrogram implements FeatureExtractor {

    private final Stft stft;

    public LogSpectrogram(SpectrogramConfig config) {
        this.stft = new Stft(config);
    }

    /** The deepspeech.pytorch default: 20 ms periodic Hamming, 10 ms hop, 16 kHz. */
    public static LogSpectrogram deepSpeech() {
        return new LogSpectrogram(SpectrogramConfig.deepSpeech());
    }

    @Override
    public float[][] extract(float[] samples) {
        SpectrogramConfig config = stft.config();
        int bins = config.bins();
        float[][] out = new float[config.frameCount(samples.length)][bins];
        stft.forEachFrame(
                samples,
                (frame, re, im) -> {
                    float[] row = out[frame];
                    for (int k = 0; k < bins; k++) {
                        double magnitude = Math.sqrt(re[k] * re[k] + im[k] * im[k]);
                        // log(1 + x) instead of log1p (≈4× slower here): for x ≥ 0 its absolute
                        // error stays
                        // below 1e-15, far under float resolution.
                        row[k] = (float) FastLog.log(1.0 + magnitude);
                    }
                });
        return out;
    }

    @Override
    public int featureSize() {
        return stft.config().bins();
    }

    @Override
    public SpectrogramConfig spectrogramConfig() {
        return stft.config();
    }
}
