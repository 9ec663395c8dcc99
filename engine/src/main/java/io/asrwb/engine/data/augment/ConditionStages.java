package io.asrwb.engine.data.augment;

import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.config.ConditionsConfig;
import io.asrwb.engine.data.random.StableRandom;

/**
 * The recording-condition stages of {@link Augmenter} in three groups, in the order sound meets
 * them: the talker (pitch, vocal tract), the room (a recorded response or a simulated room), and
 * the microphone, line and codec. Each stage draws from its own stream (seed, stage, epoch,
 * utterance), so switching one on or off leaves the others' draws as they were. Immutable.
 */
final class ConditionStages {

    private final long seed;
    private final ConditionsConfig c;
    private final PitchShift pitch; // null = off
    private final RecordedRooms rooms; // null = off

    ConditionStages(long seed, ConditionsConfig c, RecordedRooms rooms) {
        this.seed = seed;
        this.c = c;
        this.pitch =
                c.pitchProbability() > 0
                        ? new PitchShift(new SpeedPerturbation(AudioFiles.MODEL_RATE))
                        : null;
        this.rooms = rooms;
    }

    ConditionsConfig config() {
        return c;
    }

    /** Pitch and formants together, then the formants alone (a longer or shorter vocal tract). */
    float[] talker(float[] out, int epoch, String utteranceId) {
        if (pitch != null) {
            StableRandom r = StableRandom.derive(seed, "pitch", epoch, utteranceId);
            if (r.nextDouble() < c.pitchProbability()) {
                out = pitch.apply(out, r.uniform(-c.pitchSemitonesMax(), c.pitchSemitonesMax()));
            }
        }
        if (c.vtlpProbability() > 0) {
            StableRandom r = StableRandom.derive(seed, "vtlp", epoch, utteranceId);
            if (r.nextDouble() < c.vtlpProbability()) {
                out = VocalTractWarp.apply(out, r.uniform(c.vtlpWarpMin(), c.vtlpWarpMax()));
            }
        }
        return out;
    }

    /**
     * One room per utterance: a recorded response when its draw says so, else (with its own
     * chance) a simulated one, so a voice is never put through two rooms.
     */
    float[] room(float[] out, int epoch, String utteranceId) {
        if (rooms != null) {
            StableRandom r = StableRandom.derive(seed, "rir", epoch, utteranceId);
            if (r.nextDouble() < c.rirProbability()) {
                return rooms.apply(out, r);
            }
        }
        if (c.reverbProbability() > 0) {
            StableRandom r = StableRandom.derive(seed, "reverb", epoch, utteranceId);
            if (r.nextDouble() < c.reverbProbability()) {
                RoomImpulse room =
                        RoomImpulse.draw(r, r.uniform(c.reverbRt60MinS(), c.reverbRt60MaxS()));
                out = Reverb.apply(out, room, AudioFiles.MODEL_RATE);
            }
        }
        return out;
    }

    /** The microphone's band, gain, DC offset and clipping, then a phone line and codecs. */
    float[] channel(float[] out, int epoch, String utteranceId) {
        int rate = AudioFiles.MODEL_RATE;
        if (c.bandLimitProbability() > 0) {
            StableRandom r = StableRandom.derive(seed, "band-limit", epoch, utteranceId);
            if (r.nextDouble() < c.bandLimitProbability()) {
                double low = r.uniform(c.bandLowMinHz(), c.bandLowMaxHz());
                double high = r.uniform(c.bandHighMinHz(), c.bandHighMaxHz());
                out = Channels.bandLimit(out, rate, low, high);
            }
        }
        if (c.gainProbability() > 0) {
            StableRandom r = StableRandom.derive(seed, "gain", epoch, utteranceId);
            if (r.nextDouble() < c.gainProbability()) {
                out = Levels.gain(out, r.uniform(c.gainMinDb(), c.gainMaxDb()));
            }
        }
        if (c.dcOffsetProbability() > 0) {
            StableRandom r = StableRandom.derive(seed, "dc-offset", epoch, utteranceId);
            if (r.nextDouble() < c.dcOffsetProbability()) {
                out = Levels.offset(out, r.uniform(-c.dcOffsetMax(), c.dcOffsetMax()));
            }
        }
        if (c.clipProbability() > 0) {
            StableRandom r = StableRandom.derive(seed, "clip", epoch, utteranceId);
            if (r.nextDouble() < c.clipProbability()) {
                out = Levels.clip(out, r.uniform(c.clipLevelMin(), c.clipLevelMax()));
            }
        }
        if (c.telephoneProbability() > 0) {
            StableRandom r = StableRandom.derive(seed, "telephone", epoch, utteranceId);
            if (r.nextDouble() < c.telephoneProbability()) {
                out = Channels.telephone(out);
            }
        }
        if (c.mulawProbability() > 0) {
            StableRandom r = StableRandom.derive(seed, "mu-law", epoch, utteranceId);
            if (r.nextDouble() < c.mulawProbability()) {
                out = Channels.muLaw(out);
            }
        }
        if (c.mp3Probability() > 0) {
            StableRandom r = StableRandom.derive(seed, "mp3", epoch, utteranceId);
            if (r.nextDouble() < c.mp3Probability()) {
                int[] rates = Codecs.mp3Bitrates(c.mp3KbpsMin(), c.mp3KbpsMax());
                out = Codecs.mp3(out, rates[r.nextInt(rates.length)]);
            }
        }
        return out;
    }
}
