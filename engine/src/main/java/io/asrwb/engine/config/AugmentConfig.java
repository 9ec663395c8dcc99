package io.asrwb.engine.config;

/** Training-time augmentation; all of it is drawn from the run seed, so runs repeat exactly. */
public record AugmentConfig(
        @Describe("Mask random time and frequency stripes of the features (SpecAugment)")
                boolean specAugment,
        @Describe("Time masks per utterance") @Range(min = 0, max = 100) int timeMasks,
        @Describe("Widest time mask (frames)") @Range(min = 0, max = 1000) int timeMaskWidth,
        @Describe("Frequency masks per utterance") @Range(min = 0, max = 100) int freqMasks,
        @Describe("Widest frequency mask (feature bins)") @Range(min = 0, max = 1000)
                int freqMaskWidth,
        @Describe("Resample each utterance at a random speed factor") boolean speedPerturb,
        @Describe("Slowest speed factor") @Range(min = 0.5, max = 2) double speedMin,
        @Describe("Fastest speed factor") @Range(min = 0.5, max = 2) double speedMax,
        @Describe("Mix background noise into utterances") boolean noise,
        @Describe("Folder of noise recordings; empty mixes white noise") String noiseDir,
        @Describe("Chance that an utterance gets noise") @Range(min = 0, max = 1)
                double noiseProbability,
        @Describe("Lowest signal-to-noise ratio drawn (dB)") @Range(min = -20, max = 100)
                double noiseSnrMinDb,
        @Describe("Highest signal-to-noise ratio drawn (dB)") @Range(min = -20, max = 100)
                double noiseSnrMaxDb,
        @Describe("Generated noise when no noise folder is given") NoiseBed noiseBed,
        @Describe("Rooms, voices, channels, codecs and levels") ConditionsConfig conditions) {

    /** Generated noise beds (see {@code GeneratedNoise}); {@code any} picks one per utterance. */
    public enum NoiseBed {
        WHITE,
        PINK,
        BROWN,
        HUM,
        BABBLE,
        ANY
    }

    public AugmentConfig {
        noiseDir = noiseDir == null ? "" : noiseDir;
        noiseBed = noiseBed == null ? NoiseBed.WHITE : noiseBed;
        conditions = conditions == null ? ConditionsConfig.defaults() : conditions;
    }

    /** The augmentation before recording conditions existed: white noise beds, conditions off. */
    public AugmentConfig(
            boolean specAugment,
            int timeMasks,
            int timeMaskWidth,
            int freqMasks,
            int freqMaskWidth,
            boolean speedPerturb,
            double speedMin,
            double speedMax,
            boolean noise,
            String noiseDir,
            double noiseProbability,
            double noiseSnrMinDb,
            double noiseSnrMaxDb) {
        this(
                specAugment,
                timeMasks,
                timeMaskWidth,
                freqMasks,
                freqMaskWidth,
                speedPerturb,
                speedMin,
                speedMax,
                noise,
                noiseDir,
                noiseProbability,
                noiseSnrMinDb,
                noiseSnrMaxDb,
                NoiseBed.WHITE,
                ConditionsConfig.defaults());
    }

    public static AugmentConfig defaults() {
        return new AugmentConfig(false, 2, 20, 2, 10, false, 0.9, 1.1, false, "", 0.4, 10, 30);
    }

    public AugmentConfig withConditions(ConditionsConfig c) {
        return new AugmentConfig(
                specAugment,
                timeMasks,
                timeMaskWidth,
                freqMasks,
                freqMaskWidth,
                speedPerturb,
                speedMin,
                speedMax,
                noise,
                noiseDir,
                noiseProbability,
                noiseSnrMinDb,
                noiseSnrMaxDb,
                noiseBed,
                c);
    }

    public AugmentConfig withNoiseBed(NoiseBed bed) {
        return new AugmentConfig(
                specAugment,
                timeMasks,
                timeMaskWidth,
                freqMasks,
                freqMaskWidth,
                speedPerturb,
                speedMin,
                speedMax,
                noise,
                noiseDir,
                noiseProbability,
                noiseSnrMinDb,
                noiseSnrMaxDb,
                bed,
                conditions);
    }
}
