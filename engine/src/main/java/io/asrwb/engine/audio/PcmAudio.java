package io.asrwb.engine.audio;

/**
 * Decoded mono audio as floats in [-1, 1].
 *
 * @param samples    mono samples (the array is owned by this record; do not modify)
 * @param sampleRate samples per second
 */
public record PcmAudio(float[] samples, int sampleRate) {

    public PcmAudio {
        if (sampleRate <= 0) {
            throw new IllegalArgumentException("sample rate must be positive, got " + sampleRate);
        }
    }

    public double durationSeconds() {
        return (double) samples.length / sampleRate;
    }
}
