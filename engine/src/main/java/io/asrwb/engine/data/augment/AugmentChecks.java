package io.asrwb.engine.data.augment;

import io.asrwb.engine.config.AugmentConfig;
import io.asrwb.engine.config.ConditionsConfig;

/** What {@link Augmenter#of} refuses: empty ranges and stages switched on without their inputs. */
final class AugmentChecks {

    private AugmentChecks() {}

    /** @throws IllegalArgumentException naming the field when {@code config} cannot run */
    static void check(AugmentConfig config) {
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
        requireOrdered("conditions.noise_snr_min_db", c.noiseSnrMinDb(), c.noiseSnrMaxDb());
        requireOrdered("conditions.vtlp_warp_min", c.vtlpWarpMin(), c.vtlpWarpMax());
        if (c.vtlpProbability() > 0 && !(c.vtlpWarpMin() > 0)) {
            throw new IllegalArgumentException(
                    "augment.conditions.vtlp_warp_min must be > 0, got " + c.vtlpWarpMin());
        }
        if (c.rirProbability() > 0 && c.rirDirs().isEmpty()) {
            throw new IllegalArgumentException(
                    "augment.conditions.rir_probability is "
                            + c.rirProbability()
                            + " but augment.conditions.rir_dirs names no folder of room impulse"
                            + " responses");
        }
        if (c.noiseProbability() > 0 && c.noiseDirs().isEmpty()) {
            throw new IllegalArgumentException(
                    "augment.conditions.noise_probability is "
                            + c.noiseProbability()
                            + " but augment.conditions.noise_dirs names no folder of noise"
                            + " recordings");
        }
    }

    static void requireOrdered(String minPath, double min, double max) {
        if (min > max) {
            throw new IllegalArgumentException(
                    "augment." + minPath + " (" + min + ") must be ≤ its maximum (" + max + ")");
        }
    }
}
