package io.asrwb.app;

/**
 * Where a played clip lies in a recording of it, by normalised cross-correlation: the end-to-end
 * microphone tests ask it whether what PulseAudio delivered is what paplay played.
 */
public final class AudioMatch {

    /** @param lag offset of the best fit in the recording, in samples (-1 when none) */
    public record Match(int lag, double correlation) {}

    private AudioMatch() {}

    /** The offset in {@code recorded} where {@code played} fits best. */
    public static Match bestMatch(float[] played, float[] recorded) {
        double playedEnergy = 0;
        for (float v : played) {
            playedEnergy += (double) v * v;
        }
        Match best = new Match(-1, 0);
        for (int lag = 0; lag + played.length <= recorded.length; lag++) {
            double dot = 0;
            double energy = 0;
            for (int i = 0; i < played.length; i++) {
                float r = recorded[lag + i];
                dot += played[i] * r;
                energy += (double) r * r;
            }
            double c = energy > 0 ? dot / Math.sqrt(playedEnergy * energy) : 0;
            if (c > best.correlation()) {
                best = new Match(lag, c);
            }
        }
        return best;
    }
}
