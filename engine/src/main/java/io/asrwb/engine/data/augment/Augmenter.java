package io.asrwb.engine.data.augment;

import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.config.AugmentConfig;
import io.asrwb.engine.data.batching.StableRandom;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Applies a run's augmentation to one utterance. Every draw comes from a stream derived from
 * (run seed, stage, epoch, utterance id), so an utterance is augmented the same way whichever
 * thread computes it, whenever, and after a resume; and each stage's draws stay the same when
 * another stage is switched on or off. Immutable and thread-safe.
 */
public final class Augmenter {

  private static final Augmenter OFF = new Augmenter(0, null, 0, 0, null, 0, 0, 0, null);

  private final long seed;
  private final SpeedPerturbation speed; // null = off
  private final double speedMin;
  private final double speedMax;
  private final NoiseSource noise; // null = off
  private final double noiseProbability;
  private final double snrMinDb;
  private final double snrMaxDb;
  private final SpecAugment specAugment; // null = off

  private Augmenter(long seed, SpeedPerturbation speed, double speedMin, double speedMax,
      NoiseSource noise, double noiseProbability, double snrMinDb, double snrMaxDb,
      SpecAugment specAugment) {
    this.seed = seed;
    this.speed = speed;
    this.speedMin = speedMin;
    this.speedMax = speedMax;
    this.noise = noise;
    this.noiseProbability = noiseProbability;
    this.snrMinDb = snrMinDb;
    this.snrMaxDb = snrMaxDb;
    this.specAugment = specAugment;
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
      source = config.noiseDir().isBlank()
          ? GeneratedNoise.WHITE
          : NoiseClips.load(baseDir.resolve(config.noiseDir()));
    }
    return of(config, seed, source);
  }

  /** As {@link #of(AugmentConfig, long, Path)} with the noise source given (used when noise is on). */
  public static Augmenter of(AugmentConfig config, long seed, NoiseSource noiseSource) {
    if (config.speedPerturb() && !(config.speedMin() > 0 && config.speedMin() <= config.speedMax())) {
      throw new IllegalArgumentException("augment.speedMin (" + config.speedMin() + ") must be > 0 and ≤ augment.speedMax ("
          + config.speedMax() + ")");
    }
    if (config.noise() && config.noiseSnrMinDb() > config.noiseSnrMaxDb()) {
      throw new IllegalArgumentException("augment.noiseSnrMinDb (" + config.noiseSnrMinDb()
          + ") must be ≤ augment.noiseSnrMaxDb (" + config.noiseSnrMaxDb() + ")");
    }
    return new Augmenter(seed,
        config.speedPerturb() ? new SpeedPerturbation(AudioFiles.MODEL_RATE) : null,
        config.speedMin(), config.speedMax(),
        config.noise() ? java.util.Objects.requireNonNull(noiseSource, "noise source") : null,
        config.noiseProbability(), config.noiseSnrMinDb(), config.noiseSnrMaxDb(),
        config.specAugment()
            ? new SpecAugment(config.timeMasks(), config.timeMaskWidth(), config.freqMasks(), config.freqMaskWidth())
            : null);
  }

  public boolean isOff() {
    return speed == null && noise == null && specAugment == null;
  }

  /** Speed perturbation, then noise, on 16 kHz samples; {@code samples} is not modified. */
  public AugmentedAudio samples(float[] samples, int epoch, String utteranceId) {
    float[] out = samples;
    double factor = 1;
    if (speed != null) {
      StableRandom r = StableRandom.derive(seed, "speed", epoch, utteranceId);
      factor = speed.effectiveFactor(r.uniform(speedMin, speedMax));
      out = speed.apply(out, factor);
    }
    double snr = Double.NaN;
    if (noise != null) {
      StableRandom r = StableRandom.derive(seed, "noise", epoch, utteranceId);
      if (r.nextDouble() < noiseProbability) {
        snr = r.uniform(snrMinDb, snrMaxDb);
        out = NoiseMixer.mix(out, noise.draw(out.length, r), snr);
      }
    }
    return new AugmentedAudio(out, factor, snr);
  }

  /** SpecAugment masks on features {@code [T][F]}, in place. */
  public void features(float[][] frames, int epoch, String utteranceId) {
    if (specAugment != null) {
      specAugment.apply(frames, StableRandom.derive(seed, "spec-augment", epoch, utteranceId));
    }
  }
}
