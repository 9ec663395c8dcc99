package io.asrwb.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.audio.WavWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * LibriSpeech's upper-case transcripts fit the lower-case alphabet, and a warning that repeats is
 * printed a few times and counted, the full list kept in the import report.
 */
class ImportWarningsTest {

    @TempDir Path dir;

    /** One LibriSpeech chapter of {@code n} utterances with these transcripts (i = index). */
    private Path libriSpeech(int n, java.util.function.IntFunction<String> text)
            throws IOException {
        Path chapter = Files.createDirectories(dir.resolve("LibriSpeech/dev-clean/84/121123"));
        StringBuilder trans = new StringBuilder();
        for (int i = 0; i < n; i++) {
            String id = "84-121123-" + String.format("%04d", i);
            WavWriter.writePcm16(chapter.resolve(id + ".wav"), new float[4000], 16_000, 1);
            trans.append(id).append(' ').append(text.apply(i)).append('\n');
        }
        Files.writeString(chapter.resolve("84-121123.trans.txt"), trans);
        return dir.resolve("LibriSpeech");
    }

    @Test
    void upperCaseLibriSpeechTranscriptsGiveNoWarnings() throws IOException {
        Path source = libriSpeech(12, i -> "GO DO YOU HEAR THAT'S IT");
        CliRun r =
                CliRun.run(
                        dir.resolve("catalog"),
                        "dataset",
                        "import",
                        "--format",
                        "librispeech",
                        "--name",
                        "libri",
                        source.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out())
                .contains("imported 12 utterances")
                .doesNotContain("outside the alphabet")
                .doesNotContain("warnings");
    }

    @Test
    void repeatedWarningsArePrintedFiveTimesAndCountedTheReportKeepsThemAll() throws IOException {
        Path source = libriSpeech(12, i -> "CHAPTER " + (i + 1));
        Path db = dir.resolve("catalog");
        CliRun r =
                CliRun.run(
                        db,
                        "dataset",
                        "import",
                        "--format",
                        "librispeech",
                        "--name",
                        "libri",
                        source.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out().lines().filter(l -> l.contains("outside the alphabet")))
                .hasSize(DatasetImportCommand.SHOWN_PER_KIND);
        assertThat(r.out())
                .contains(
                        "… and 7 more chars_outside_alphabet (every one is in the import"
                                + " report: 'asrwb dataset problems libri')")
                .contains("warnings 12 (utterances kept)");

        CliRun porcelain = CliRun.run(db, "--porcelain", "dataset", "problems", "libri");
        assertThat(porcelain.exit()).as(porcelain.err()).isZero();
        assertThat(porcelain.lines())
                .hasSize(12)
                .allMatch(l -> l.contains("\"kind\":\"chars_outside_alphabet\""));
        assertThat(CliRun.run(db, "dataset", "problems", "libri", "--kind", "missing_file").out())
                .contains("no import problems recorded for 'libri' of kind missing_file");
    }
}
