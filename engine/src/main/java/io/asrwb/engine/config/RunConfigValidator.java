package io.asrwb.engine.config;

import io.asrwb.engine.config.LrScheduleConfig.Anneal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;

/**
 * Checks a config: every field against its {@link Range} ({@link FieldRangeChecks}) and the rules
 * that tie fields together (here).
 * Returns every violation rather than the first, so an editor can mark them all at once.
 */
public final class RunConfigValidator {

    private final Path baseDir;
    private final Predicate<String> userSet;
    private final ConfigViolations violations = new ConfigViolations();

    private RunConfigValidator(Path baseDir, Predicate<String> userSet) {
        this.baseDir = baseDir;
        this.userSet = userSet;
    }

    /** Violations of {@code config}; relative paths in it are resolved against {@code baseDir}. */
    public static List<ConfigViolation> validate(RunConfig config, Path baseDir) {
        return validate(config, baseDir, path -> false);
    }

    /**
     * Like {@link #validate(RunConfig, Path)}; a rule between two fields blames the one the user set
     * ({@code userSet}: their file or flag) when the other came from a preset or the defaults, so
     * the message points where the user can act.
     */
    public static List<ConfigViolation> validate(
            RunConfig config, Path baseDir, Predicate<String> userSet) {
        RunConfigValidator validator = new RunConfigValidator(baseDir, userSet);
        FieldRangeChecks.check(config, validator.violations);
        if (sectionsPresent(config)) {
            validator.checkRules(config);
        }
        return validator.violations.list();
    }

    private static boolean sectionsPresent(RunConfig c) {
        return c.data() != null
                && c.features() != null
                && c.augment() != null
                && c.model() != null
                && c.optim() != null
                && c.optim().schedule() != null
                && c.train() != null
                && c.decode() != null
                && c.alphabet() != null
                && c.normaliser() != null;
    }

    private void checkRules(RunConfig c) {
        if (c.schemaVersion() != RunConfig.CURRENT_SCHEMA_VERSION) {
            violations.fail(
                    "schema_version",
                    "must be "
                            + RunConfig.CURRENT_SCHEMA_VERSION
                            + " (load older files"
                            + " through RunConfigYaml, which migrates them), got "
                            + c.schemaVersion());
        }
        if (!c.preset().isEmpty() && !Presets.NAMES.contains(c.preset())) {
            violations.fail(
                    "preset",
                    "must be one of " + Presets.NAMES + " or empty, got '" + c.preset() + "'");
        }
        checkData(c.data());
        checkFeatures(c.features());
        checkAugment(c.augment());
        ModelChecks.check(c.model(), c.features(), violations);
        checkOptim(c.optim(), c.train());
        FineTuneRules.check(c.train(), c.model())
                .forEach(v -> violations.fail(v.path(), v.message()));
        checkDecode(c.decode());
        checkAlphabet(c.alphabet());
    }

    private void checkData(DataConfig d) {
        if (d.dataset() != null && d.dataset().isBlank()) {
            violations.fail("data.dataset", "must name a dataset");
        }
        if (d.trainSplits().isEmpty()) {
            violations.fail("data.train_splits", "must list at least one split (e.g. [train])");
        }
        if (!violations.failed("data.min_duration_s", "data.max_duration_s")
                && d.minDurationS() >= d.maxDurationS()) {
            violations.fail(
                    "data.min_duration_s",
                    "must be below data.max_duration_s ("
                            + d.maxDurationS()
                            + "), got "
                            + d.minDurationS());
        }
        if (d.maxBatchSeconds() > 0
                && !violations.failed("data.max_batch_seconds", "data.max_duration_s")
                && d.maxBatchSeconds() < d.maxDurationS()) {
            violations.fail(
                    "data.max_batch_seconds",
                    "must hold the longest utterance trained on (data.max_duration_s = "
                            + d.maxDurationS()
                            + " s), got "
                            + d.maxBatchSeconds()
                            + "; raise it or lower data.max_duration_s");
        }
    }

    private void checkFeatures(FeatureConfig f) {
        if (!violations.failed("features.hop_ms", "features.window_ms")
                && f.hopMs() > f.windowMs()) {
            violations.fail(
                    "features.hop_ms",
                    "must not exceed features.window_ms ("
                            + f.windowMs()
                            + "): frames would skip audio, got "
                            + f.hopMs());
        }
        if (!violations.failed("features.window_ms", "features.sample_rate")
                && f.windowSamples() < 2) {
            violations.fail(
                    "features.window_ms",
                    "gives "
                            + f.windowSamples()
                            + " samples at "
                            + f.sampleRate()
                            + " Hz; needs at least 2");
        }
        if (!violations.failed("features.n_mfcc", "features.n_mels")
                && f.kind() == FeatureConfig.Kind.MFCC
                && f.nMfcc() > f.nMels()) {
            violations.fail(
                    "features.n_mfcc",
                    "must not exceed features.n_mels (" + f.nMels() + "), got " + f.nMfcc());
        }
        FeatureStats stats = f.globalStats();
        if (!stats.absent()
                && (stats.mean().size() != f.featureCount()
                        || stats.stddev().size() != f.featureCount()
                        || stats.stddev().stream().anyMatch(d -> !(d > 0) || d.isInfinite())
                        || stats.mean().stream().anyMatch(m -> m.isNaN() || m.isInfinite()))) {
            violations.fail(
                    "features.global_stats",
                    "must hold "
                            + f.featureCount()
                            + " finite means and as many positive deviations (one per feature),"
                            + " got "
                            + stats.mean().size()
                            + " and "
                            + stats.stddev().size()
                            + "; delete it and train fills it in from the training set");
        }
    }

    private void checkAugment(AugmentConfig a) {
        if (!violations.failed("augment.speed_min", "augment.speed_max")
                && a.speedMin() > a.speedMax()) {
            violations.fail(
                    "augment.speed_min",
                    "must not exceed augment.speed_max ("
                            + a.speedMax()
                            + "), got "
                            + a.speedMin());
        }
        if (!violations.failed("augment.noise_snr_min_db", "augment.noise_snr_max_db")
                && a.noiseSnrMinDb() > a.noiseSnrMaxDb()) {
            violations.fail(
                    "augment.noise_snr_min_db",
                    "must not exceed augment.noise_snr_max_db ("
                            + a.noiseSnrMaxDb()
                            + "), got "
                            + a.noiseSnrMinDb());
        }
        ConditionsConfig c = a.conditions();
        violations.ordered(
                "augment.conditions.reverb_rt60_min_s",
                c.reverbRt60MinS(),
                "augment.conditions.reverb_rt60_max_s",
                c.reverbRt60MaxS());
        violations.ordered(
                "augment.conditions.band_low_min_hz",
                c.bandLowMinHz(),
                "augment.conditions.band_low_max_hz",
                c.bandLowMaxHz());
        violations.ordered(
                "augment.conditions.band_high_min_hz",
                c.bandHighMinHz(),
                "augment.conditions.band_high_max_hz",
                c.bandHighMaxHz());
        violations.ordered(
                "augment.conditions.band_low_max_hz",
                c.bandLowMaxHz(),
                "augment.conditions.band_high_min_hz",
                c.bandHighMinHz());
        violations.ordered(
                "augment.conditions.mp3_kbps_min",
                c.mp3KbpsMin(),
                "augment.conditions.mp3_kbps_max",
                c.mp3KbpsMax());
        violations.ordered(
                "augment.conditions.gain_min_db",
                c.gainMinDb(),
                "augment.conditions.gain_max_db",
                c.gainMaxDb());
        violations.ordered(
                "augment.conditions.clip_level_min",
                c.clipLevelMin(),
                "augment.conditions.clip_level_max",
                c.clipLevelMax());
        if (a.noise() && !a.noiseDir().isBlank() && !Files.isDirectory(resolve(a.noiseDir()))) {
            violations.fail(
                    "augment.noise_dir",
                    "folder not found: " + resolve(a.noiseDir()) + " (empty mixes white noise)");
        }
    }

    private void checkOptim(OptimConfig o, TrainConfig t) {
        LrScheduleConfig s = o.schedule();
        if (!violations.failed("optim.schedule.warmup_steps", "train.max_steps")
                && t.maxSteps() > 0
                && s.warmupSteps() > t.maxSteps()) {
            if (userSet.test("train.max_steps") && !userSet.test("optim.schedule.warmup_steps")) {
                violations.fail(
                        "train.max_steps",
                        "must be at least optim.schedule.warmup_steps ("
                                + s.warmupSteps()
                                + "), got "
                                + t.maxSteps()
                                + "; raise it, or set"
                                + " optim.schedule.warmup_steps to "
                                + t.maxSteps()
                                + " or less");
            } else {
                violations.fail(
                        "optim.schedule.warmup_steps",
                        "must not exceed train.max_steps ("
                                + t.maxSteps()
                                + "), got "
                                + s.warmupSteps());
            }
        }
        if (!violations.failed("optim.lr", "optim.schedule.min_lr")
                && s.anneal() != Anneal.CONSTANT
                && s.minLr() > o.lr()) {
            violations.fail(
                    "optim.schedule.min_lr",
                    "must not exceed optim.lr (" + o.lr() + "), got " + s.minLr());
        }
    }

    private void checkDecode(DecodeConfig d) {
        if (d.usesLanguageModel() && !Files.isRegularFile(resolve(d.lmPath()))) {
            violations.fail(
                    "decode.lm_path",
                    "language model file not found: "
                            + resolve(d.lmPath())
                            + " (empty: beam search without a language model)");
        }
        if (d.vocabulary() == DecodeConfig.Vocabulary.CLOSED && !d.usesLanguageModel()) {
            violations.fail(
                    "decode.vocabulary",
                    "closed takes its words from a language model: set decode.decoder beam and"
                            + " decode.lm_path, or vocabulary open");
        }
    }

    private void checkAlphabet(AlphabetConfig a) {
        if (!a.file().isBlank()) {
            if (!Files.isRegularFile(resolve(a.file()))) {
                violations.fail("alphabet.file", "alphabet file not found: " + resolve(a.file()));
            }
        } else if (!AlphabetConfig.BUILTINS.contains(a.builtin())) {
            violations.fail(
                    "alphabet.builtin",
                    "must be one of "
                            + AlphabetConfig.BUILTINS
                            + " when alphabet.file is empty, got '"
                            + a.builtin()
                            + "'");
        }
    }

    private Path resolve(String path) {
        return baseDir.resolve(path);
    }
}
