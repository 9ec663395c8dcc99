package io.asrwb.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.audio.WavWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code asrwb dataset segment} end to end: a short recording of two demo clips, and bad input. */
class DatasetSegmentCommandTest {

    private static final Path CORPUS = Path.of("../assets/demo-corpus/audio/espeak-en-f2");

    @TempDir Path dir;

    @Test
    void aRecordingWithoutTranscriptBecomesDraftUtterancesOfANewDataset() throws Exception {
        Path wav = dir.resolve("two.wav");
        float[] a = AudioFiles.load(CORPUS.resolve("espeak-en-f2-000.flac")).samples();
        float[] b = AudioFiles.load(CORPUS.resolve("espeak-en-f2-001.flac")).samples();
        float[] all = new float[a.length + b.length + AudioFiles.MODEL_RATE];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length + AudioFiles.MODEL_RATE, b.length);
        WavWriter.writePcm16(wav, all, AudioFiles.MODEL_RATE, 1);

        CliRun run =
                CliRun.run(
                        dir.resolve("catalog"),
                        "dataset",
                        "segment",
                        wav.toString(),
                        "--into",
                        "mine",
                        "--model",
                        "../assets/demo-model",
                        "--out",
                        dir.resolve("segments").toString());

        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out()).contains("imported 2 utterances (draft labels, flagged for review)");
        assertThat(run.err()).contains("detecting speech");
        assertThat(dir.resolve("segments/two/manifest.jsonl")).exists();
        CliRun list = CliRun.run(dir.resolve("catalog"), "dataset", "list");
        assertThat(list.out()).contains("mine");
    }

    @Test
    void anEmptyTranscriptIsOneLineAndAFailure() throws Exception {
        Path wav = dir.resolve("one.wav");
        WavWriter.writePcm16(
                wav,
                AudioFiles.load(CORPUS.resolve("espeak-en-f2-000.flac")).samples(),
                AudioFiles.MODEL_RATE,
                1);
        Path empty = Files.writeString(dir.resolve("empty.txt"), "\n");
        CliRun run =
                CliRun.run(
                        dir.resolve("catalog"),
                        "dataset",
                        "segment",
                        wav.toString(),
                        "--into",
                        "mine",
                        "--transcript",
                        empty.toString(),
                        "--model",
                        "../assets/demo-model",
                        "--out",
                        dir.resolve("segments").toString());
        assertThat(run.exit()).isEqualTo(ExitCodes.FAILED);
        assertThat(run.err().lines()).hasSize(1).allMatch(l -> l.contains("has no words"));
    }
}
