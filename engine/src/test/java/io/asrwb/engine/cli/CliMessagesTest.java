package io.asrwb.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.audio.WavWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input from a user gets one line that says what is wrong and what to do (issue 12, item 5). */
class CliMessagesTest {

    @TempDir Path dir;

    private Path nemoManifest() throws IOException {
        Path corpus = Files.createDirectories(dir.resolve("corpus"));
        WavWriter.writePcm16(corpus.resolve("a.wav"), new float[8000], 16_000, 1);
        Path manifest = corpus.resolve("manifest.json");
        Files.writeString(
                manifest,
                "{\"audio_filepath\": \"a.wav\", \"duration\": 0.5, \"text\": \"hello\"}\n");
        return manifest;
    }

    @Test
    void negativeMaxStepsIsAUsageErrorOnOneLine() {
        CliRun r =
                CliRun.run(
                        dir.resolve("catalog"),
                        "train",
                        "--config",
                        "tiny",
                        "--dataset",
                        "demo",
                        "--max-steps",
                        "-1");
        assertThat(r.exit()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err())
                .contains("--max-steps")
                .contains("must be a whole number ≥ 1, got -1")
                .contains("see 'asrwb train --help'");
        assertThat(r.err().strip().lines()).hasSize(1);
        assertThat(
                        CliRun.run(
                                        dir.resolve("catalog"),
                                        "train",
                                        "--config",
                                        "tiny",
                                        "--dataset",
                                        "demo",
                                        "--max-steps",
                                        "0")
                                .err())
                .contains("≥ 1, got 0");
    }

    @Test
    void anUnknownBenchmarkPresetIsOneLineNamingThePresets() {
        for (String bench : new String[] {"transcribe", "train-step", "streaming"}) {
            CliRun r = CliRun.run(dir.resolve("catalog"), "bench", bench, "--preset", "nope");
            assertThat(r.exit()).as(bench).isNotEqualTo(ExitCodes.OK);
            assertThat(r.err().strip())
                    .as(bench)
                    .isEqualTo(
                            "asrwb: --preset nope: no such preset; use one of tiny, small, large,"
                                    + " wav2letter, quartznet, streaming");
        }
    }

    @Test
    void otherNumericOptionsAreCheckedToo() {
        Path db = dir.resolve("catalog");
        assertThat(
                        CliRun.run(
                                        db,
                                        "eval",
                                        "--model",
                                        "m",
                                        "--dataset",
                                        "d",
                                        "--beam-width",
                                        "0")
                                .err())
                .contains("--beam-width")
                .contains("≥ 1, got 0");
        assertThat(CliRun.run(db, "bench", "transcribe", "--seconds", "-2").err())
                .contains("--seconds")
                .contains("> 0, got -2");
        assertThat(CliRun.run(db, "bench", "train-step", "--warmup", "-1").err())
                .contains("--warmup")
                .contains("≥ 0, got -1");
        assertThat(
                        CliRun.run(
                                        db,
                                        "train",
                                        "--config",
                                        "tiny",
                                        "--dataset",
                                        "d",
                                        "--spark-master",
                                        "local[1]",
                                        "--spark-replicas",
                                        "0")
                                .exit())
                .isEqualTo(ExitCodes.USAGE);
        CliRun notANumber = CliRun.run(db, "bench", "train-step", "--batch", "many");
        assertThat(notANumber.exit()).isEqualTo(ExitCodes.USAGE);
        assertThat(notANumber.err()).contains("expected a whole number ≥ 1, got 'many'");
    }

    @Test
    void usageErrorsInPorcelainModeAlsoWriteAnErrorRecord() {
        CliRun r =
                CliRun.run(
                        dir.resolve("catalog"),
                        "--porcelain",
                        "train",
                        "--config",
                        "tiny",
                        "--dataset",
                        "d",
                        "--max-steps",
                        "-5");
        assertThat(r.out()).contains("\"type\":\"error\"").contains("\"exit\":2");
    }

    @Test
    void dbNamingAFolderIsRefused() throws IOException {
        Path folder = Files.createDirectories(dir.resolve("somewhere"));
        CliRun r = CliRun.run(folder, "dataset", "list");
        assertThat(r.exit()).isEqualTo(ExitCodes.FAILED);
        assertThat(r.err())
                .contains(
                        "--db must name the catalog file (e.g. "
                                + folder.resolve("catalog")
                                + "), not a folder");
        assertThat(dir.resolve("somewhere.mv.db")).doesNotExist();
    }

    @Test
    void datasetNamesWithLineBreaksOrTooLongAreRefusedBeforeReading() throws IOException {
        Path db = dir.resolve("catalog");
        Path manifest = nemoManifest();
        CliRun newline =
                CliRun.run(
                        db,
                        "dataset",
                        "import",
                        "--format",
                        "nemo",
                        "--name",
                        "two\nlines",
                        manifest.toString());
        assertThat(newline.exit()).isEqualTo(ExitCodes.DATASET_NAME);
        assertThat(newline.err())
                .contains("the dataset name 'two\\nlines' has a line break at character 4")
                .contains("use letters, digits, spaces and");
        assertThat(newline.err().strip().lines()).hasSize(1);

        CliRun tooLong =
                CliRun.run(
                        db,
                        "dataset",
                        "import",
                        "--format",
                        "nemo",
                        "--name",
                        "x".repeat(300),
                        manifest.toString());
        assertThat(tooLong.exit()).isEqualTo(ExitCodes.DATASET_NAME);
        assertThat(tooLong.err())
                .contains("300 characters long; at most 200")
                .doesNotContain("Value too long");
        assertThat(CliRun.run(db, "dataset", "list").out()).contains("no datasets");

        assertThat(
                        CliRun.run(
                                        db,
                                        "dataset",
                                        "import",
                                        "--format",
                                        "nemo",
                                        "--name",
                                        "Demo corpus (v2)",
                                        manifest.toString())
                                .exit())
                .isZero();
    }

    @Test
    void anAudioFileGivenAsModelGetsAHint() throws IOException {
        Path flac = nemoManifest().resolveSibling("a.wav");
        CliRun withFile =
                CliRun.run(
                        dir.resolve("catalog"),
                        "transcribe",
                        "--model",
                        flac.toString(),
                        flac.toString());
        assertThat(withFile.exit()).isEqualTo(ExitCodes.FAILED);
        assertThat(withFile.err())
                .contains(flac + " is an audio file, not a checkpoint")
                .contains("did you mean 'asrwb transcribe --model CKPT " + flac)
                .doesNotContain("no such file");

        CliRun alone = CliRun.run(dir.resolve("catalog"), "transcribe", "--model", flac.toString());
        assertThat(alone.err()).contains("is an audio file, not a checkpoint");

        CliRun noFile = CliRun.run(dir.resolve("catalog"), "transcribe");
        assertThat(noFile.exit()).isEqualTo(ExitCodes.USAGE);
        assertThat(noFile.err().strip())
                .isEqualTo(
                        "asrwb: Missing required parameter: 'FILE': give at"
                                + " least one audio file; see 'asrwb transcribe --help'");

        Path text = Files.writeString(dir.resolve("notes.txt"), "hi");
        CliRun other =
                CliRun.run(
                        dir.resolve("catalog"),
                        "transcribe",
                        "--model",
                        text.toString(),
                        flac.toString());
        assertThat(other.err()).contains(text + " is a file, not a checkpoint");
    }

    @Test
    void internalErrorsPrintAStackTraceOnlyWithDebug() {
        Exception bug = new IllegalStateException("boom");
        java.io.StringWriter err = new java.io.StringWriter();
        CliOutput out =
                new CliOutput(
                        new java.io.PrintWriter(new java.io.StringWriter()),
                        new java.io.PrintWriter(err, true),
                        false);
        ErrorHandler.report(bug, out, ExitCodes.INTERNAL, false);
        assertThat(err.toString())
                .contains("internal error: java.lang.IllegalStateException: boom")
                .contains("--debug")
                .doesNotContain("\tat ");
        java.io.StringWriter debugErr = new java.io.StringWriter();
        ErrorHandler.report(
                bug,
                new CliOutput(
                        new java.io.PrintWriter(new java.io.StringWriter()),
                        new java.io.PrintWriter(debugErr, true),
                        false),
                ExitCodes.INTERNAL,
                true);
        assertThat(debugErr.toString()).contains("\tat io.asrwb.engine.cli.CliMessagesTest");
    }

    @Test
    void aMaxStepsInsideTheWarmupIsNotedNamingTheFlag() {
        CliRun r =
                CliRun.run(
                        dir.resolve("catalog"),
                        "train",
                        "--config",
                        "tiny",
                        "--dataset",
                        "nope",
                        "--max-steps",
                        "3");
        assertThat(r.err())
                .contains(
                        "asrwb: --max-steps 3 stops the run inside the learning-rate warm-up"
                                + " (optim.schedule.warmup_steps is 10 in tiny)")
                .doesNotContain("presets/tiny.yaml");
    }

    @Test
    void debugPrintsTheStackTraceOfAnExpectedFailureToo() throws IOException {
        Path folder = Files.createDirectories(dir.resolve("folder"));
        assertThat(CliRun.run(folder, "dataset", "list").err()).doesNotContain("\tat ");
        assertThat(CliRun.run(folder, "--debug", "dataset", "list").err())
                .contains("\tat io.asrwb.engine.store.AppDirs.catalogPath");
    }

    @Test
    void debugIsAnOptionOfEveryCommand() {
        CliRun r = CliRun.run(dir.resolve("catalog"), "--debug", "dataset", "list");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(CliRun.run(dir.resolve("catalog"), "dataset", "list", "--debug").exit())
                .isZero();
    }
}
