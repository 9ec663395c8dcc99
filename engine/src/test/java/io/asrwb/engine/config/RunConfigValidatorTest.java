package io.asrwb.engine.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunConfigValidatorTest {

    @TempDir Path dir;

    private static List<ConfigViolation> violations(RunConfig config, String path, Object value) {
        return ConfigFields.with(config, path, value).validate();
    }

    @Test
    void defaultsAreValid() {
        assertThat(RunConfig.defaults().validate()).isEmpty();
    }

    @Test
    void rangeViolationNamesFieldBoundAndValue() {
        assertThat(violations(RunConfig.defaults(), "data.batch_size", 0))
                .containsExactly(
                        new ConfigViolation(
                                "data.batch_size", "must be between 1 and 4096, got 0"));
        assertThat(violations(RunConfig.defaults(), "train.keep_best_by_wer", -1))
                .containsExactly(
                        new ConfigViolation(
                                "train.keep_best_by_wer", "must be between 0 and 1000, got -1"));
        assertThat(violations(RunConfig.defaults(), "optim.weight_decay", -1e-3))
                .containsExactly(
                        new ConfigViolation("optim.weight_decay", "must be ≥ 0, got -0.001"));
        assertThat(violations(RunConfig.defaults(), "model.lookahead_frames", 65))
                .containsExactly(
                        new ConfigViolation(
                                "model.lookahead_frames", "must be between 0 and 64, got 65"));
        assertThat(RunConfig.defaults().model())
                .isInstanceOfSatisfying(
                        Ds2Config.class, ds2 -> assertThat(ds2.lookaheadFrames()).isZero());
        assertThat(violations(RunConfig.defaults(), "optim.lr", Double.NaN))
                .extracting(ConfigViolation::path)
                .containsExactly("optim.lr");
    }

    @Test
    void chunksAreForBidirectionalLstmsAndTheirLookaheadNeedsChunks() {
        RunConfig streaming = Presets.load("streaming");
        assertThat(violations(streaming, "model.chunk_frames", 10))
                .extracting(ConfigViolation::path)
                .containsExactly("model.chunk_frames");
        assertThat(violations(RunConfig.defaults(), "model.chunk_lookahead_frames", 4))
                .containsExactly(
                        new ConfigViolation(
                                "model.chunk_lookahead_frames",
                                "needs chunk_frames: the backward direction runs over the whole"
                                        + " utterance without chunks"));
        RunConfig chunked = ConfigFields.with(RunConfig.defaults(), "model.chunk_frames", 10);
        assertThat(violations(chunked, "model.chunk_lookahead_frames", 4)).isEmpty();
        assertThat(violations(RunConfig.defaults(), "model.chunk_frames", 513))
                .extracting(ConfigViolation::message)
                .containsExactly("must be between 0 and 512, got 513");
    }

    @Test
    void fieldsInsideListsAreChecked() {
        assertThat(violations(RunConfig.defaults(), "model.conv[1].stride_time", 0))
                .extracting(ConfigViolation::path)
                .containsExactly("model.conv[1].stride_time");
    }

    @Test
    void minDurationMustBeBelowMax() {
        RunConfig c = ConfigFields.with(RunConfig.defaults(), "data.min_duration_s", 20.0);

        assertThat(c.validate())
                .containsExactly(
                        new ConfigViolation(
                                "data.min_duration_s",
                                "must be below data.max_duration_s (16.0), got 20.0"));
    }

    @Test
    void aBatchBudgetMustHoldTheLongestUtterance() {
        RunConfig c = ConfigFields.with(RunConfig.defaults(), "data.max_batch_seconds", 10.0);

        assertThat(c.validate())
                .containsExactly(
                        new ConfigViolation(
                                "data.max_batch_seconds",
                                "must hold the longest utterance trained on (data.max_duration_s ="
                                        + " 16.0 s), got 10.0; raise it or lower"
                                        + " data.max_duration_s"));
        assertThat(
                        ConfigFields.with(RunConfig.defaults(), "data.max_batch_seconds", 120.0)
                                .validate())
                .isEmpty();
    }

    @Test
    void warmupMustFitInMaxSteps() {
        RunConfig c = ConfigFields.with(RunConfig.defaults(), "train.max_steps", 50L);

        assertThat(c.validate())
                .extracting(ConfigViolation::path)
                .containsExactly("optim.schedule.warmup_steps");
        assertThat(ConfigFields.with(c, "train.max_steps", 0L).validate()).isEmpty();
    }

    @Test
    void cosineFloorMustNotExceedPeak() {
        RunConfig c = ConfigFields.with(RunConfig.defaults(), "optim.schedule.min_lr", 0.5);

        assertThat(c.validate())
                .extracting(ConfigViolation::path)
                .containsExactly("optim.schedule.min_lr");
        assertThat(ConfigFields.with(c, "optim.schedule.anneal", "constant").validate()).isEmpty();
    }

    @Test
    void rangesThatCrossAreReported() {
        RunConfig c = ConfigFields.with(RunConfig.defaults(), "augment.speed_min", 1.2);
        c = ConfigFields.with(c, "augment.noise_snr_min_db", 40.0);
        c = ConfigFields.with(c, "features.hop_ms", 30.0);

        assertThat(c.validate())
                .extracting(ConfigViolation::path)
                .containsExactly(
                        "features.hop_ms", "augment.speed_min", "augment.noise_snr_min_db");
    }

    @Test
    void convStackMustLeaveFrequencyBins() {
        // tiny: 40 log-mel bands, one 11-bin kernel; unpadded over 8 bands it has nothing to cover
        RunConfig c = ConfigFields.with(Presets.load("tiny"), "model.conv[0].pad_freq", 0);
        assertThat(c.validate()).isEmpty();

        c = ConfigFields.with(c, "features.n_mels", 8);

        assertThat(c.validate())
                .extracting(ConfigViolation::path)
                .containsExactly("model.conv[0].kernel_freq");
    }

    @Test
    void beamWithLanguageModelNeedsTheFile() throws IOException {
        RunConfig c = ConfigFields.with(RunConfig.defaults(), "decode.decoder", "beam");
        c = ConfigFields.with(c, "decode.lm_path", "lm.arpa");

        assertThat(c.validate(dir))
                .extracting(ConfigViolation::path)
                .containsExactly("decode.lm_path");
        Files.writeString(dir.resolve("lm.arpa"), "\\data\\\n");
        assertThat(c.validate(dir)).isEmpty();
        // Greedy decoding ignores the language model, so a missing file does not matter there.
        assertThat(ConfigFields.with(c, "decode.decoder", "greedy").validate()).isEmpty();
    }

    @Test
    void aClosedVocabularyNeedsTheLanguageModelItsWordsComeFrom() throws IOException {
        RunConfig c = ConfigFields.with(RunConfig.defaults(), "decode.vocabulary", "closed");

        assertThat(c.validate())
                .extracting(ConfigViolation::path)
                .containsExactly("decode.vocabulary");
        Files.writeString(dir.resolve("lm.arpa"), "\\data\\\n");
        c = ConfigFields.with(c, "decode.decoder", "beam");
        c = ConfigFields.with(c, "decode.lm_path", "lm.arpa");
        assertThat(c.validate(dir)).isEmpty();
    }

    @Test
    void alphabetIsABuiltinOrAnExistingFile() throws IOException {
        RunConfig unknown = ConfigFields.with(RunConfig.defaults(), "alphabet.builtin", "klingon");
        assertThat(unknown.validate())
                .extracting(ConfigViolation::path)
                .containsExactly("alphabet.builtin");

        RunConfig fromFile = ConfigFields.with(unknown, "alphabet.file", "labels.txt");
        assertThat(fromFile.validate(dir))
                .extracting(ConfigViolation::path)
                .containsExactly("alphabet.file");
        Files.writeString(dir.resolve("labels.txt"), "_\na\n");
        assertThat(fromFile.validate(dir)).isEmpty();
    }

    @Test
    void trainingNeedsASplitAndADataset() {
        RunConfig c = ConfigFields.with(RunConfig.defaults(), "data.train_splits", List.of());
        c = ConfigFields.with(c, "data.dataset", " ");

        assertThat(c.validate())
                .extracting(ConfigViolation::path)
                .containsExactly("data.dataset", "data.train_splits");
    }

    @Test
    void missingValuesAreReportedNotThrown() {
        RunConfig c = ConfigFields.with(RunConfig.defaults(), "decode.decoder", null);

        assertThat(c.validate())
                .containsExactly(new ConfigViolation("decode.decoder", "a value is required"));
    }
}
