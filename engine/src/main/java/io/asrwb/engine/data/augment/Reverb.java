package io.asrwb.engine.data.augment;

import io.asrwb.engine.features.FftFilter;

/** Convolves speech with a room's response, keeping its length, timing and energy. */
final class Reverb {

    /** The response is cut where the decay has fallen 40 dB (2/3 of RT60), at most 0.5 s: the
     * image count grows with the cube of the length. */
    static final double MAX_TAIL_S = 0.5;

    private Reverb() {}

    static float[] apply(float[] dry, RoomImpulse room, int rate) {
        int length = (int) Math.ceil(Math.min(MAX_TAIL_S, room.rt60() * 2 / 3) * rate) + 1;
        int direct = (int) Math.round(room.directDistance() * rate / RoomImpulse.SPEED_OF_SOUND);
        length = Math.max(length, direct + 1);
        float[] h = RoomImpulse.highPass(room.response(rate, length), rate);
        // Start at the direct sound, so the words do not move.
        return convolveKeepingEnergy(dry, h, direct);
    }

    /**
     * {@code dry.length} samples of dry * h from index {@code offset} of the full convolution,
     * scaled to the dry signal's energy so the level stage alone decides loudness.
     */
    static float[] convolveKeepingEnergy(float[] dry, float[] h, int offset) {
        float[] wet = FftFilter.convolve(dry, h, offset, dry.length);
        double dryEnergy = NoiseMixer.energy(dry);
        double wetEnergy = NoiseMixer.energy(wet);
        if (wetEnergy > 0) {
            float g = (float) Math.sqrt(dryEnergy / wetEnergy);
            for (int i = 0; i < wet.length; i++) {
                wet[i] *= g;
            }
        }
        return wet;
    }
}
