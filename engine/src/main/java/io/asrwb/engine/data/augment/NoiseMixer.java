package io.asrwb.engine.data.augment;

/** Adds noise to a signal at a chosen signal-to-noise ratio. */
public final class NoiseMixer {

    private NoiseMixer() {}

    /**
     * {@code clean + g · noise}, with g chosen so that 10·log10(Σclean² / Σ(g·noise)²) = snrDb. A
     * silent signal or silent noise is returned unchanged (no ratio can be met).
     */
    public static float[] mix(float[] clean, float[] noise, double snrDb) {
        if (noise.length != clean.length) {
            throw new IllegalArgumentException(
                    "noise has " + noise.length + " samples, the signal " + clean.length);
        }
        double signalEnergy = energy(clean);
        double noiseEnergy = energy(noise);
        if (signalEnergy == 0 || noiseEnergy == 0) {
            return clean.clone();
        }
        double gain = Math.sqrt(signalEnergy / (noiseEnergy * Math.pow(10, snrDb / 10)));
        float[] out = new float[clean.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = (float) (clean[i] + gain * noise[i]);
        }
        return out;
    }

    static double energy(float[] s) {
        double e = 0;
        for (float v : s) {
            e += (double) v * v;
        }
        return e;
    }
}
