package io.asrwb.engine.data.formats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.asrwb.engine.audio.WavWriter;
import io.asrwb.engine.data.Alphabet;
import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.data.ImportOutcome;
import io.asrwb.engine.data.ImportProblem;
import io.asrwb.engine.data.ImportProgress;
import io.asrwb.engine.data.ProblemKind;
import io.asrwb.engine.data.Utterance;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A corpus of broken input, built here: every case is reported with its kind, file and line,
 * and every good row around it is kept.
 */
class BadInputTest {

    @TempDir Path dir;

    private static String nemo(String audio, String text, Double duration) {
        return "{\"audio_filepath\": \""
                + audio.replace("\\", "\\\\")
                + "\""
                + (duration == null ? "" : ", \"duration\": " + duration)
                + (text == null ? "" : ", \"text\": \"" + text + "\"")
                + "}";
    }

    @Test
    void everyBadNemoLineIsReportedAndEveryGoodLineKept() throws IOException {
        Path data = dir.resolve("data");
        TestAudio.wav(data.resolve("good1.wav"), 1.0);
        TestAudio.wav(data.resolve("good2.wav"), 0.5);
        TestAudio.wav(data.resolve("good3.wav"), 0.5);
        TestAudio.wav(dir.resolve("outside.wav"), 0.5);
        TestAudio.text(
                data.resolve("text.wav"), "this is not audio at all, just text in a .wav file");
        Files.write(
                data.resolve("header.wav"), new byte[] {'R', 'I', 'F', 'F', 0, 0, 0, 0, 'W', 'A'});
        Path cut = TestAudio.wav(data.resolve("cut.wav"), 1.0);
        byte[] full = Files.readAllBytes(cut);
        Files.write(cut, Arrays.copyOf(full, full.length / 2));
        Files.write(data.resolve("empty.wav"), new byte[0]);
        WavWriter.writePcm16(data.resolve("silent0.wav"), new float[0], 16_000, 1);
        TestAudio.wav(data.resolve("empty-text.wav"), 0.5);
        TestAudio.wav(data.resolve("no-text.wav"), 0.5);
        TestAudio.wav(data.resolve("long.wav"), 2.0);
        TestAudio.wav(data.resolve("accents.wav"), 0.5);
        TestAudio.wav(data.resolve("sub/good1.wav"), 0.5);

        Path manifest =
                TestAudio.text(
                        data.resolve("manifest.json"),
                        String.join(
                                        "\n",
                                        nemo("good1.wav", "first good line", 1.0), // 1
                                        nemo("missing.wav", "no such file", null), // 2
                                        nemo("../outside.wav", "climbs out", null), // 3
                                        nemo(
                                                dir.resolve("outside.wav")
                                                        .toAbsolutePath()
                                                        .toString(),
                                                "absolute outside",
                                                null), // 4 (absolute: kept wherever it lies)
                                        nemo("text.wav", "unreadable", null), // 5
                                        nemo("header.wav", "truncated header", null), // 6
                                        nemo("cut.wav", "truncated data", null), // 7
                                        nemo("empty.wav", "empty file", null), // 8
                                        nemo("silent0.wav", "zero duration", null), // 9
                                        nemo("empty-text.wav", "  ", null), // 10
                                        nemo("no-text.wav", null, 0.5), // 11
                                        "this line is not json", // 12
                                        nemo("long.wav", "stated too short", 1.5), // 13
                                        nemo(
                                                "accents.wav",
                                                "caf\u00e9 \u00fcber 42",
                                                0.55), // 14 (warning, kept)
                                        nemo("sub/good1.wav", "same id as line one", null), // 15
                                        "{\"audio_filepath\": \"good2.wav\", \"duration\":"
                                                + " \"long\", \"text\": \"x\"}", // 16
                                        "{\"audio_filepath\": \"good2.wav\", \"text\":"
                                                + " \"trailing\"} {}", // 17
                                        "[\"an array\"]", // 18
                                        "{\"text\": \"no audio path\"}", // 19
                                        nemo("good2.wav", "second good line", 0.45), // 20
                                        "",
                                        nemo("good3.wav", "third good line", null) // 22
                                        )
                                + "\n");

        ImportOutcome out =
                DatasetIO.read(
                        DatasetFormat.NEMO, manifest, Alphabet.english(), ImportProgress.NONE);

        assertThat(out.utterances())
                .extracting(Utterance::id, Utterance::transcript)
                .containsExactly(
                        tuple("good1", "first good line"),
                        tuple("outside", "absolute outside"),
                        tuple("accents", "caf\u00e9 \u00fcber 42"),
                        tuple("good2", "second good line"),
                        tuple("good3", "third good line"));
        String file = manifest.toString();
        assertThat(out.problems()).extracting(ImportProblem::file).containsOnly(file);
        assertThat(out.problems())
                .extracting(ImportProblem::line, ImportProblem::kind, ImportProblem::rejected)
                .containsExactly(
                        tuple(2, ProblemKind.MISSING_FILE, true),
                        tuple(3, ProblemKind.PATH_ESCAPES_ROOT, true),
                        tuple(5, ProblemKind.UNREADABLE_AUDIO, true),
                        tuple(6, ProblemKind.TRUNCATED_AUDIO, true),
                        tuple(7, ProblemKind.TRUNCATED_AUDIO, true),
                        tuple(8, ProblemKind.EMPTY_FILE, true),
                        tuple(9, ProblemKind.ZERO_DURATION, true),
                        tuple(10, ProblemKind.EMPTY_TRANSCRIPT, true),
                        tuple(11, ProblemKind.MISSING_TRANSCRIPT, true),
                        tuple(12, ProblemKind.MALFORMED_LINE, true),
                        tuple(13, ProblemKind.DURATION_MISMATCH, true),
                        tuple(14, ProblemKind.CHARS_OUTSIDE_ALPHABET, false),
                        tuple(15, ProblemKind.DUPLICATE_ID, true),
                        tuple(16, ProblemKind.MALFORMED_LINE, true),
                        tuple(17, ProblemKind.MALFORMED_LINE, true),
                        tuple(18, ProblemKind.MALFORMED_LINE, true),
                        tuple(19, ProblemKind.MALFORMED_LINE, true));
        assertThat(out.problems())
                .allSatisfy(
                        p -> {
                            assertThat(p.message()).isNotBlank();
                            assertThat(p.hint()).isNotBlank();
                        });
        assertThat(out.problems().get(11).message()).contains("'\u00e9'", "'\u00fc'", "'2'", "'4'");
        assertThat(out.problems().get(10).message()).contains("1.500", "2.000");
        assertThat(out.rejectedCount()).isEqualTo(16);
    }

    @Test
    void malformedCsvRowsAreReportedAndTheRowsAfterThemKept() throws IOException {
        TestAudio.wav(dir.resolve("a.wav"), 0.5);
        TestAudio.wav(dir.resolve("b.wav"), 0.5);
        TestAudio.wav(dir.resolve("c.wav"), 0.5);
        Path csv =
                TestAudio.text(
                        dir.resolve("train.csv"),
                        String.join(
                                        "\n",
                                        "wav_filename,wav_filesize,transcript",
                                        "a.wav,100,alpha",
                                        "b.wav,100,\"an unclosed quote",
                                        "b.wav,100,too,many,fields",
                                        "b.wav,100",
                                        "b.wav,100,\"bravo, with a comma\"",
                                        "x\"y.wav,100,quote inside a bare field",
                                        ",100,no audio",
                                        "c.wav,100,charlie")
                                + "\n");

        ImportOutcome out =
                DatasetIO.read(
                        DatasetFormat.OPENSEQ2SEQ, csv, Alphabet.english(), ImportProgress.NONE);

        assertThat(out.utterances()).extracting(Utterance::id).containsExactly("a", "b", "c");
        assertThat(out.problems())
                .filteredOn(ImportProblem::rejected)
                .extracting(ImportProblem::file, ImportProblem::line, ImportProblem::kind)
                .containsExactly(
                        tuple(csv.toString(), 3, ProblemKind.MALFORMED_LINE),
                        tuple(csv.toString(), 4, ProblemKind.MALFORMED_LINE),
                        tuple(csv.toString(), 5, ProblemKind.MALFORMED_LINE),
                        tuple(csv.toString(), 7, ProblemKind.MALFORMED_LINE),
                        tuple(csv.toString(), 8, ProblemKind.MALFORMED_LINE));
        assertThat(out.problems().get(0).message()).contains("unbalanced quotes");
        assertThat(out.problems().get(1).message()).contains("5 fields", "header has 3");
    }

    @Test
    void aCsvWithoutTheRequiredColumnsIsReportedOnce() throws IOException {
        Path csv = TestAudio.text(dir.resolve("train.csv"), "path,text\na.wav,alpha\n");

        ImportOutcome out =
                DatasetIO.read(
                        DatasetFormat.SPEECHBRAIN, csv, Alphabet.english(), ImportProgress.NONE);

        assertThat(out.utterances()).isEmpty();
        assertThat(out.problems())
                .singleElement()
                .satisfies(
                        p -> {
                            assertThat(p.line()).isEqualTo(1);
                            assertThat(p.kind()).isEqualTo(ProblemKind.MALFORMED_LINE);
                            assertThat(p.message()).contains("ID", "wav", "wrd");
                        });
    }

    @Test
    void folderReportsMissingAndEmptyTranscriptsAndOrphanTranscripts() throws IOException {
        Path data = dir.resolve("data");
        TestAudio.wav(data.resolve("ok.wav"), 0.5);
        TestAudio.text(data.resolve("ok.txt"), "fine\n");
        TestAudio.wav(data.resolve("no-txt.wav"), 0.5);
        TestAudio.wav(data.resolve("blank.wav"), 0.5);
        TestAudio.text(data.resolve("blank.txt"), "\n");
        TestAudio.text(data.resolve("orphan.txt"), "no audio");

        ImportOutcome out =
                DatasetIO.read(DatasetFormat.FOLDER, data, Alphabet.english(), ImportProgress.NONE);

        assertThat(out.utterances()).extracting(Utterance::id).containsExactly("ok");
        assertThat(out.problems())
                .extracting(p -> Path.of(p.file()).getFileName().toString(), ImportProblem::kind)
                .containsExactly(
                        tuple("blank.txt", ProblemKind.EMPTY_TRANSCRIPT),
                        tuple("no-txt.txt", ProblemKind.MISSING_TRANSCRIPT),
                        tuple("orphan.txt", ProblemKind.MISSING_FILE));
    }

    @Test
    void deepSpeechReportsMissingTranscriptFilesAndBrokenJson() throws IOException {
        TestAudio.wav(dir.resolve("wav/a.wav"), 0.5);
        TestAudio.wav(dir.resolve("wav/b.wav"), 0.5);
        TestAudio.text(dir.resolve("txt/a.txt"), "alpha");
        Path manifest =
                TestAudio.text(
                        dir.resolve("manifest.json"),
                        "{\"root_path\": \".\", \"samples\": [\n"
                                + "  {\"wav_path\": \"wav/a.wav\", \"transcript_path\":"
                                + " \"txt/a.txt\"},\n"
                                + "  {\"wav_path\": \"wav/b.wav\", \"transcript_path\":"
                                + " \"txt/b.txt\"},\n"
                                + "  {\"transcript_path\": \"txt/a.txt\"},\n"
                                + "  {\"wav_path\": \"wav/a.wav\" \"oops\"}\n");

        ImportOutcome out =
                DatasetIO.read(
                        DatasetFormat.DEEPSPEECH,
                        manifest,
                        Alphabet.english(),
                        ImportProgress.NONE);

        assertThat(out.utterances()).extracting(Utterance::id).containsExactly("a");
        assertThat(out.problems())
                .extracting(ImportProblem::line, ImportProblem::kind)
                .containsExactly(
                        tuple(3, ProblemKind.MISSING_TRANSCRIPT),
                        tuple(4, ProblemKind.MALFORMED_LINE),
                        tuple(5, ProblemKind.MALFORMED_LINE));
    }

    @Test
    void libriSpeechAudioWithoutATranscriptLineIsReported() throws IOException {
        Path ls = dir.resolve("dev-clean");
        TestAudio.wav(ls.resolve("1/2/1-2-0.wav"), 0.5);
        TestAudio.wav(ls.resolve("1/2/1-2-1.wav"), 0.5);
        Path trans =
                TestAudio.text(
                        ls.resolve("1/2/1-2.trans.txt"),
                        "1-2-0 a\n1-2-9 no audio for this line\n1-2-7\n");

        ImportOutcome out =
                DatasetIO.read(
                        DatasetFormat.LIBRISPEECH, ls, Alphabet.english(), ImportProgress.NONE);

        assertThat(out.utterances()).extracting(Utterance::id).containsExactly("1-2-0");
        assertThat(out.problems())
                .extracting(ImportProblem::file, ImportProblem::line, ImportProblem::kind)
                .containsExactly(
                        tuple(trans.toString(), 2, ProblemKind.MISSING_FILE),
                        tuple(trans.toString(), 3, ProblemKind.EMPTY_TRANSCRIPT),
                        tuple(
                                ls.resolve("1/2/1-2-1.wav").toAbsolutePath().toString(),
                                0,
                                ProblemKind.MISSING_TRANSCRIPT));
    }

    @Test
    void aMissingManifestThrowsAndCancellingStopsTheImport() throws IOException {
        assertThatThrownBy(
                        () ->
                                DatasetIO.read(
                                        DatasetFormat.NEMO,
                                        dir.resolve("nope.json"),
                                        Alphabet.english(),
                                        ImportProgress.NONE))
                .isInstanceOf(NoSuchFileException.class);

        TestAudio.wav(dir.resolve("a.wav"), 0.1);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 2000; i++) {
            sb.append(nemo("a.wav", "line " + i, null)).append('\n');
        }
        Path manifest = TestAudio.text(dir.resolve("m.json"), sb.toString());
        assertThatThrownBy(
                        () ->
                                DatasetIO.read(
                                        DatasetFormat.NEMO,
                                        manifest,
                                        Alphabet.english(),
                                        (done, total) -> done < 500))
                .isInstanceOf(CancellationException.class);
    }
}
