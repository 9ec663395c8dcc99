package io.asrwb.engine.data.augment;

import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.config.AugmentConfig;
import io.asrwb.engine.config.ConditionsConfig;
import io.asrwb.engine.data.random.StableRandom;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Applies a run's augmentation to one utterance. Every draw comes from a stream derived from
 * (run seed, stage, epoch, utterance id), so an utterance is augmented the same way whichever
 * thread computes it, whenever, and after a resume; and each stage's draws stay the same when
 * another stage is switched on or off. Immutable and thread-safe.
 *
 * <p>Two noise stages, on purpose: {@code augment.noise} (one folder or a generated bed, the
 * original stage, kept bit for bit so old configs and resumed runs hear what they heard) and
 * {@code augment.conditions.noise_dirs} (recorded backgrounds from several folders, with their own
 * chance and SNR range). With both on, an utterance can get both, as a room's background and a
 * microphone's hiss add.
 */
public final class Augmenter {

    private static final Augmenter OFF =
            new Augmenter(
                    0,
                    null,
                    AugmentConfig.defaults(),
                    null,
                    null,
                    new ConditionStages(0, ConditionsConfig.defaults(), null),
                    null);

    private final long seed;
    private final SpeedPerturbation speed; // null = off
    private final AugmentConfig config;
    private final NoiseSource noise; // null = off
    private final SpecAugment specAugment; // null = off
    private final ConditionStages stages;
    private final NoiseClips background; // null = off

    private Augmenter(
            long seed,
            SpeedPerturbation speed,
            AugmentConfig config,
            NoiseSource noise,
            SpecAugment specAugment,
            ConditionStages stages,
            NoiseClips background) {
        this.seed = seed;
        this.speed = speed;
        this.config = config;
        this.noise = noise;
        this.specAugment = specAugment;
        this.stages = stages;
        this.background = background;
    }

    /** No augmentation: validation, evaluation, transcription. */
    public static Augmenter off() {
        return OFF;
    }

    /**
     * The augmentation {@code config} describes; noise comes from {@code config.noiseDir()} or,
     * when that is empty, a generated bed; recorded rooms and backgrounds from the conditions'
     * {@code rir_dirs} and {@code noise_dirs}. Relative folders resolve against {@code baseDir}.
     * Recorded folders are decoded once per process ({@link RecordedFolders}).
     *
     * @throws IOException naming the folder that is missing or holds no usable audio, or the file
     *     that cannot be decoded
     */
    public static Augmenter of(AugmentConfig config, long seed, Path baseDir) throws IOException {
        AugmentChecks.check(config);
        NoiseSource source = null;
        if (config.noise()) {
            source =
                    config.noiseDir().isBlank()
                            ? GeneratedNoise.valueOf(config.noiseBed().name())
                            : NoiseClips.load(baseDir.resolve(config.noiseDir()));
        }
        ConditionsConfig c = config.conditions();
        RecordedRooms rooms =
                c.rirProbability() > 0 ? RecordedRooms.load(resolve(baseDir, c.rirDirs())) : null;
        NoiseClips background =
                c.noiseProbability() > 0
                        ? NoiseClips.loadBackground(resolve(baseDir, c.noiseDirs()))
                        : null;
        return of(config, seed, source, rooms, background);
    }

    private static List<Path> resolve(Path baseDir, List<String> dirs) {
        return dirs.stream().map(baseDir::resolve).toList();
    }

    /** As {@link #of(AugmentConfig, long, Path)} with the noise source given (used when noise is on). */
    public static Augmenter of(AugmentConfig config, long seed, NoiseSource noiseSource) {
        return of(config, seed, noiseSource, null, null);
    }

    /**
     * As {@link #of(AugmentConfig, long, Path)} with every source given; each is used only when its
     * stage is on, and must be there then.
     */
    public static Augmenter of(
            AugmentConfig config,
            long seed,
            NoiseSource noiseSource,
            RecordedRooms rooms,
            NoiseClips background) {
        AugmentChecks.check(config);
        ConditionsConfig c = config.conditions();
        return new Augmenter(
                seed,
                config.speedPerturb() ? new SpeedPerturbation(AudioFiles.MODEL_RATE) : null,
                config,
                config.noise() ? Objects.requireNonNull(noiseSource, "noise source") : null,
                config.specAugment()
                        ? new SpecAugment(
                                config.timeMasks(),
                                config.timeMaskWidth(),
                                config.freqMasks(),
                                config.freqMaskWidth())
                        : null,
                new ConditionStages(
                        seed,
                        c,
                        c.rirProbability() > 0
                                ? Objects.requireNonNull(rooms, "room impulse responses")
                                : null),
                c.noiseProbability() > 0
                        ? Objects.requireNonNull(background, "background noise")
                        : null);
    }

    public boolean isOff() {
        return speed == null && noise == null && specAugment == null && !stages.config().anyOn();
    }

    /**
     * On 16 kHz samples, in the order sound meets them: speed, pitch and vocal tract (the talker),
     * a room (recorded or simulated), noise in the room (the generated or folder noise, then the
     * recorded backgrounds), the microphone's band, its gain, DC offset and clipping (the input
     * stage), then a telephone channel and the μ-law and MP3 codecs. {@code samples} is not
     * modified.
     */
    public AugmentedAudio samples(float[] samples, int epoch, String utteranceId) {
        float[] out = samples;
        double factor = 1;
        if (speed != null) {
            StableRandom r = StableRandom.derive(seed, "speed", epoch, utteranceId);
            factor = speed.effectiveFactor(r.uniform(config.speedMin(), config.speedMax()));
            out = speed.apply(out, factor);
        }
        out = stages.talker(out, epoch, utteranceId);
        out = stages.room(out, epoch, utteranceId);
        double snr = Double.NaN;
        if (noise != null) {
            StableRandom r = StableRandom.derive(seed, "noise", epoch, utteranceId);
            if (r.nextDouble() < config.noiseProbability()) {
                snr = r.uniform(config.noiseSnrMinDb(), config.noiseSnrMaxDb());
                out = NoiseMixer.mix(out, noise.draw(out.length, r), snr);
            }
        }
        double backgroundSnr = Double.NaN;
        if (background != null) {
            ConditionsConfig c = stages.config();
            StableRandom r = StableRandom.derive(seed, "background-noise", epoch, utteranceId);
            if (r.nextDouble() < c.noiseProbability()) {
                backgroundSnr = r.uniform(c.noiseSnrMinDb(), c.noiseSnrMaxDb());
                out = NoiseMixer.mix(out, background.draw(out.length, r), backgroundSnr);
            }
        }
        out = stages.channel(out, epoch, utteranceId);
        return new AugmentedAudio(out, factor, snr, backgroundSnr);
    }

    /** SpecAugment masks on features {@code [T][F]}, in place. */
    public void features(float[][] frames, int epoch, String utteranceId) {
        if (specAugment != null) {
            specAugment.apply(
                    frames, StableRandom.derive(seed, "spec-augment", epoch, utteranceId));
        }
    }
}
