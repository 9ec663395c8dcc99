package io.asrwb.engine.features;

/** Mel-frequency cepstral coefficients, see {@link MfccConfig} for the exact recipe. */
public final class Mfcc implements FeatureExtractor {

    /** 10·log10(x) = (10 / ln 10)·ln(x). */
    private static final double DB_PER_NEPER = 10.0 / Math.log(10.0);

    private final MelPower melPower;
    private final MfccConfig config;

    /** dct[c][m] = orthonormal DCT-II basis, torchaudio's {@code create_dct(norm='ortho')}ᵀ. */
    private final double[][] dct;

    public Mfcc(SpectrogramConfig spectrogram, MfccConfig config) {
        this.melPower = new MelPower(spectrogram, config.mel());
        this.config = config;
        int nMels = config.mel().nMels();
        this.dct = new double[config.nMfcc()][nMels];
        for (int c = 0; c < config.nMfcc(); c++) {
            double scale = Math.sqrt(2.0 / nMels) * (c == 0 ? Math.sqrt(0.5) : 1.0);
            for (int m = 0; m < nMels; m++) {
                dct[c][m] = scale * Math.cos(Math.PI / nMels * (m + 0.5) * c);
            }
        }
    }

    @Override
    public float[][] extract(float[] samples) {
        int frames = spectrogramConfig().frameCount(samples.length);
        int nMels = melPower.nMels();
        double floor = config.mel().logFloor();
        // top_db needs the utterance's maximum, so keep all frames' dB values before the DCT.
        double[][] db = new double[frames][nMels];
        double[] max = {Double.NEGATIVE_INFINITY};
        melPower.forEachFrame(
                samples,
                (frame, mel) -> {
                    double[] row = db[frame];
                    for (int m = 0; m < nMels; m++) {
                        row[m] = DB_PER_NEPER * FastLog.log(Math.max(mel[m], floor));
                        max[0] = Math.max(max[0], row[m]);
                    }
                });
        double lowest = max[0] - config.topDb();
        float[][] out = new float[frames][config.nMfcc()];
        for (int f = 0; f < frames; f++) {
            double[] row = db[f];
            for (int m = 0; m < nMels; m++) {
                row[m] = Math.max(row[m], lowest);
            }
            for (int c = 0; c < dct.length; c++) {
                double[] basis = dct[c];
                double sum = 0.0;
                for (int m = 0; m < nMels; m++) {
                    sum += basis[m] * row[m];
                }
                out[f][c] = (float) sum;
            }
        }
        return out;
    }

    @Override
    public int featureSize() {
        return config.nMfcc();
    }

    @Override
    public SpectrogramConfig spectrogramConfig() {
        return melPower.spectrogramConfig();
    }
}
