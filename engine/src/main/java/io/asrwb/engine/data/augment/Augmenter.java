package io.asrwb.engine.data.augment;

import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.config.AugmentConfig;
import io.asrwb.engine.config.ConditionsConfig;
import io.asrwb.engine.data.random.StableRandom;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Applies a run's augmentation to one utterance. Every draw comes from a stream derived from
 * (run seed, stage, epoch, utterance id), so an utterance is augmented the same way whichever
 * thread computes it, whenever, and after a resume; and each stage's draws stay the same when
 * another stage is switched on or off. Immutable and thread-safe.
 */
public final class Augmenter {

    private static final Augmenter OFF =
            new Augmenter(0, null, 0, 0, null, 0, 0, 0, null, ConditionsConfig.defaults(), null);

    private final long seed;
    private final SpeedPerturbation speed; // null = off
    private final double speedMin;
    private final double speedMax;
    private final NoiseSource noise; // null = off
    private final double noiseProbability;
    private final double snrMinDb;
    private final double snrMaxDb;
    private final SpecAugment specAugment; // null = off
    private final ConditionsConfig conditions;
    private final PitchShift pitch; // null = off

    private Augmenter(
            long seed,
            SpeedPerturbation speed,
            double speedMin,
            double speedMax,
            NoiseSource noise,
            double noiseProbability,
            double snrMinDb,
            double snrMaxDb,
            SpecAugment specAugment,
            ConditionsConfig conditions,
            PitchShift pitch) {
        this.seed = seed;
        this.speed = speed;
        this.speedMin = speedMin;
        this.speedMax = speedMax;
        this.noise = noise;
        this.noiseProbability = noiseProbability;
        this.snrMinDb = snrMinDb;
        this.snrMaxDb = snrMaxDb;
        this.specAugment = specAugment;
        this.conditions = conditions;
        this.pitch = pitch;
    }

    /** No augmentation: validation, evaluation, transcription. */
    public static Augmenter off() {
        return OFF;
    }

    /**
     * The augmentation {@code config} describes; noise comes from {@code config.noiseDir()} (resolved
     * against {@code baseDir} when relative) or, when that is empty, generated white noise.
     *
     * @throws IOException when the noise folder holds no usable audio or a file in it is broken
     */
    public static Augmenter of(AugmentConfig config, long seed, Path baseDir) throws IOException {
        NoiseSource source = null;
        if (config.noise()) {
            source =
                    config.noiseDir().isBlank()
                            ? GeneratedNoise.valueOf(config.noiseBed().name())
                            : NoiseClips.load(baseDir.resolve(config.noiseDir()));
        }
        return of(config, seed, source);
    }

    /** As {@link #of(AugmentConfig, long, Path)} with the noise source given (used when noise is on). */
    public static Augmenter of(AugmentConfig config, long seed, NoiseSource noiseSource) {
        if (config.speedPerturb()
                && !(config.speedMin() > 0 && config.speedMin() <= config.speedMax())) {
            throw new IllegalArgumentException(
                    "augment.speedMin ("
                            + config.speedMin()
                            + ") must be > 0 and ≤ augment.speedMax ("
                            + config.speedMax()
                            + ")");
        }
        if (config.noise() && config.noiseSnrMinDb() > config.noiseSnrMaxDb()) {
            throw new IllegalArgumentException(
                    "augment.noiseSnrMinDb ("
                            + config.noiseSnrMinDb()
                            + ") must be ≤ augment.noiseSnrMaxDb ("
                            + config.noiseSnrMaxDb()
                            + ")");
        }
        ConditionsConfig c = config.conditions();
        requireOrdered("conditions.reverb_rt60_min_s", c.reverbRt60MinS(), c.reverbRt60MaxS());
        requireOrdered("conditions.band_low_min_hz", c.bandLowMinHz(), c.bandLowMaxHz());
        requireOrdered("conditions.band_high_min_hz", c.bandHighMinHz(), c.bandHighMaxHz());
        requireOrdered("conditions.gain_min_db", c.gainMinDb(), c.gainMaxDb());
        requireOrdered("conditions.mp3_kbps_min", c.mp3KbpsMin(), c.mp3KbpsMax());
        if (c.mp3Probability() > 0
                && Codecs.mp3Bitrates(c.mp3KbpsMin(), c.mp3KbpsMax()).length == 0) {
            throw new IllegalArgumentException(
                    "augment.conditions.mp3_kbps_min.."
                            + "mp3_kbps_max ("
                            + c.mp3KbpsMin()
                            + ".."
                            + c.mp3KbpsMax()
                            + ") holds no MP3 bitrate; use some of "
                            + io.asrwb.engine.audio.io.Mp3RoundTrip.BITRATES);
        }
        requireOrdered("conditions.clip_level_min", c.clipLevelMin(), c.clipLevelMax());
        if (c.reverbProbability() > 0 && !(c.reverbRt60MinS() > 0)) {
            throw new IllegalArgumentException(
                    "augment.conditions.reverb_rt60_min_s must be > 0, got " + c.reverbRt60MinS());
        }
        if (c.bandLimitProbability() > 0 && c.bandLowMaxHz() >= c.bandHighMinHz()) {
            throw new IllegalArgumentException(
                    "augment.conditions.band_low_max_hz ("
                            + c.bandLowMaxHz()
                            + ") must be below augment.conditions.band_high_min_hz ("
                            + c.bandHighMinHz()
                            + ")");
        }
        return new Augmenter(
                seed,
                config.speedPerturb() ? new SpeedPerturbation(AudioFiles.MODEL_RATE) : null,
                config.speedMin(),
                config.speedMax(),
                config.noise()
                        ? java.util.Objects.requireNonNull(noiseSource, "noise source")
                        : null,
                config.noiseProbability(),
                config.noiseSnrMinDb(),
                config.noiseSnrMaxDb(),
                config.specAugment()
                        ? new SpecAugment(
                                config.timeMasks(),
                                config.timeMaskWidth(),
                                config.freqMasks(),
                                config.freqMaskWidth())
                        : null,
                c,
                c.pitchProbability() > 0
                        ? new PitchShift(new SpeedPerturbation(AudioFiles.MODEL_RATE))
                        : null);
    }

    private static void requireOrdered(String minPath, double min, double max) {
        if (min > max) {
            throw new IllegalArgumentException(
                    "augment." + minPath + " (" + min + ") must be ≤ its maximum (" + max + ")");
        }
    }

    public boolean isOff() {
        return speed == null && noise == null && specAugment == null && !conditions.anyOn();
    }

    /**
     * On 16 kHz samples, in the order sound meets them: speed and pitch (the talker), room reverb,
     * noise in the room, the microphone's band, its gain, DC offset and clipping (the input stage),
     * then a telephone channel and the μ-law and MP3 codecs. {@code samples} is not modified.
     */
    public AugmentedAudio samples(float[] samples, int epoch, String utteranceId) {
        float[] out = samples;
        double factor = 1;
        if (speed != null) {
            StableRandom r = StableRandom.derive(seed, "speed", epoch, utteranceId);
            factor = speed.effectiveFactor(r.uniform(speedMin, speedMax));
            out = speed.apply(out, factor);
        }
        int rate = AudioFiles.MODEL_RATE;
        ConditionsConfig c = conditions;
        if (pitch != null) {
            StableRandom r = StableRandom.derive(seed, "pitch", epoch, utteranceId);
            if (r.nextDouble() < c.pitchProbability()) {
                out = pitch.apply(out, r.uniform(-c.pitchSemitonesMax(), c.pitchSemitonesMax()));
            }
        }
        if (c.reverbProbability() > 0) {
            StableRandom r = StableRandom.derive(seed, "reverb", epoch, utteranceId);
            if (r.nextDouble() < c.reverbProbability()) {
                RoomImpulse room =
                        RoomImpulse.draw(r, r.uniform(c.reverbRt60MinS(), c.reverbRt60MaxS()));
                out = Reverb.apply(out, room, rate);
            }
        }
        double snr = Double.NaN;
        if (noise != null) {
            StableRandom r = StableRandom.derive(seed, "noise", epoch, utteranceId);
            if (r.nextDouble() < noiseProbability) {
                snr = r.uniform(snrMinDb, snrMaxDb);
                out = NoiseMixer.mix(out, noise.draw(out.length, r), snr);
            }
        }
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
        return new AugmentedAudio(out, factor, snr);
    }

    /** SpecAugment masks on features {@code [T][F]}, in place. */
    public void features(float[][] frames, int epoch, String utteranceId) {
        if (specAugment != null) {
            specAugment.apply(
                    frames, StableRandom.derive(seed, "spec-augment", epoch, utteranceId));
        }
    }
}
