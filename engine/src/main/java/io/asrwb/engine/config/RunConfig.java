package io.asrwb.engine.config;

import io.asrwb.engine.metrics.TextNormaliserConfig;
import java.nio.file.Path;
import java.util.List;

/**
 * Everything a training run needs besides the data itself. The root of the config tree; each
 * section is its own record. YAML keys are the snake_case form of the component names.
 */
public record RunConfig(
        @Describe("Config format version; older files are migrated, newer ones refused")
                int schemaVersion,
        @Describe(
                        "Preset this config overlays (tiny, small, large, wav2letter, quartznet,"
                                + " streaming; empty: the defaults)")
                String preset,
        @Describe("Data and batching") DataConfig data,
        @Describe("Audio features") FeatureConfig features,
        @Describe("Training-time augmentation") AugmentConfig augment,
        @Describe("Model architecture") ModelConfig model,
        @Describe("Optimiser and learning-rate schedule") OptimConfig optim,
        @Describe("Run length, evaluation, checkpoints, devices") TrainConfig train,
        @Describe("Decoding for evaluation and transcription") DecodeConfig decode,
        @Describe("Output labels") AlphabetConfig alphabet,
        @Describe("Text normalisation used by training, evaluation and transcription alike")
                TextNormaliserConfig normaliser) {

    /** The schema version this build writes and reads without migration. */
    public static final int CURRENT_SCHEMA_VERSION = 2;

    public RunConfig {
        preset = preset == null ? "" : preset;
    }

    /**
     * The defaults every preset and file overlays. The normaliser's alphabet is empty: the trainer
     * fills it from the run's alphabet so punctuation in the alphabet (the apostrophe) is kept.
     */
    public static RunConfig defaults() {
        return new RunConfig(
                CURRENT_SCHEMA_VERSION,
                "",
                DataConfig.defaults(),
                FeatureConfig.defaults(),
                AugmentConfig.defaults(),
                Ds2Config.defaults(),
                OptimConfig.defaults(),
                TrainConfig.defaults(),
                DecodeConfig.defaults(),
                AlphabetConfig.defaults(),
                TextNormaliserConfig.defaults(""));
    }

    /** Every rule violated, with relative paths (e.g. lm_path) resolved against the working dir. */
    public List<ConfigViolation> validate() {
        return RunConfigValidator.validate(this, Path.of(""));
    }

    /** Every rule violated, with relative paths resolved against {@code baseDir}. */
    public List<ConfigViolation> validate(Path baseDir) {
        return RunConfigValidator.validate(this, baseDir);
    }

    public RunConfig withPreset(String newPreset) {
        return new RunConfig(
                schemaVersion,
                newPreset,
                data,
                features,
                augment,
                model,
                optim,
                train,
                decode,
                alphabet,
                normaliser);
    }

    public RunConfig withData(DataConfig newData) {
        return new RunConfig(
                schemaVersion,
                preset,
                newData,
                features,
                augment,
                model,
                optim,
                train,
                decode,
                alphabet,
                normaliser);
    }

    public RunConfig withFeatures(FeatureConfig newFeatures) {
        return new RunConfig(
                schemaVersion,
                preset,
                data,
                newFeatures,
                augment,
                model,
                optim,
                train,
                decode,
                alphabet,
                normaliser);
    }

    public RunConfig withTrain(TrainConfig newTrain) {
        return new RunConfig(
                schemaVersion,
                preset,
                data,
                features,
                augment,
                model,
                optim,
                newTrain,
                decode,
                alphabet,
                normaliser);
    }
}
