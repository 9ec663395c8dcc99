package io.asrwb.engine.features;

/** Hz ↔ mel conversions, as torchaudio's {@code mel_scale} option and librosa's {@code htk} flag. */
public enum MelScale {
    /** 2595·log10(1 + f/700): torchaudio's default ({@code mel_scale='htk'}). */
    HTK {
        @Override
        public double toMel(double hz) {
            return 2595.0 * Math.log10(1.0 + hz / 700.0);
        }

        @Override
        public double toHz(double mel) {
            return 700.0 * (Math.pow(10.0, mel / 2595.0) - 1.0);
        }
    },
    /** Slaney's Auditory Toolbox: linear below 1 kHz, logarithmic above (librosa's default). */
    SLANEY {
        @Override
        public double toMel(double hz) {
            return hz < MIN_LOG_HZ
                    ? hz / LINEAR_HZ_PER_MEL
                    : MIN_LOG_MEL + Math.log(hz / MIN_LOG_HZ) / LOG_STEP;
        }

        @Override
        public double toHz(double mel) {
            return mel < MIN_LOG_MEL
                    ? mel * LINEAR_HZ_PER_MEL
                    : MIN_LOG_HZ * Math.exp(LOG_STEP * (mel - MIN_LOG_MEL));
        }
    };

    private static final double LINEAR_HZ_PER_MEL = 200.0 / 3.0;
    private static final double MIN_LOG_HZ = 1000.0;
    private static final double MIN_LOG_MEL = MIN_LOG_HZ / LINEAR_HZ_PER_MEL;
    private static final double LOG_STEP = Math.log(6.4) / 27.0;

    public abstract double toMel(double hz);

    public abstract double toHz(double mel);
}
