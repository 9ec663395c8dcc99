package io.asrwb.engine.data.formats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.asrwb.engine.data.Alphabet;
import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.data.ImportOutcome;
import io.asrwb.engine.data.ImportProgress;
import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.Utterance;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each format read from a small real dataset in its own layout, every field checked. */
class FormatReadTest {

    @TempDir Path dir;

    private ImportOutcome read(DatasetFormat f, Path source) throws IOException {
        ImportOutcome out = DatasetIO.read(f, source, Alphabet.english(), ImportProgress.NONE);
        assertThat(out.problems()).as("problems").isEmpty();
        return out;
    }

    @Test
    void libriSpeechSplitsFromTopFolders() throws IOException {
        Path ls = dir.resolve("LibriSpeech");
        TestAudio.wav(ls.resolve("train-clean-100/19/198/19-198-0000.wav"), 1.0);
        TestAudio.wav(ls.resolve("train-clean-100/19/198/19-198-0001.wav"), 0.5);
        TestAudio.text(
                ls.resolve("train-clean-100/19/198/19-198-trans.txt"),
                "ignored, not a .trans.txt\n");
        TestAudio.text(
                ls.resolve("train-clean-100/19/198/19-198.trans.txt"),
                "19-198-0000 NORTHANGER ABBEY\n19-198-0001 THIS LITTLE WORK\n");
        TestAudio.wav(ls.resolve("dev-clean/84/121123/84-121123-0000.wav"), 0.25);
        TestAudio.text(
                ls.resolve("dev-clean/84/121123/84-121123.trans.txt"),
                "84-121123-0000 GO DO YOU HEAR\n");
        TestAudio.wav(ls.resolve("test-other/7/8/7-8-0000.wav"), 0.75);
        TestAudio.text(ls.resolve("test-other/7/8/7-8.trans.txt"), "7-8-0000 YES\n");

        ImportOutcome out =
                DatasetIO.read(
                        DatasetFormat.LIBRISPEECH,
                        ls,
                        Alphabet.of("ABCDEFGHIJKLMNOPQRSTUVWXYZ' "),
                        ImportProgress.NONE);

        assertThat(out.problems()).isEmpty();
        assertThat(out.utterances())
                .extracting(
                        Utterance::id,
                        Utterance::audio,
                        Utterance::durationSeconds,
                        Utterance::transcript,
                        Utterance::speaker,
                        Utterance::split)
                .containsExactly(
                        tuple(
                                "84-121123-0000",
                                "dev-clean/84/121123/84-121123-0000.wav",
                                0.25,
                                "GO DO YOU HEAR",
                                "84",
                                Split.VAL),
                        tuple(
                                "7-8-0000",
                                "test-other/7/8/7-8-0000.wav",
                                0.75,
                                "YES",
                                "7",
                                Split.TEST),
                        tuple(
                                "19-198-0000",
                                "train-clean-100/19/198/19-198-0000.wav",
                                1.0,
                                "NORTHANGER ABBEY",
                                "19",
                                Split.TRAIN),
                        tuple(
                                "19-198-0001",
                                "train-clean-100/19/198/19-198-0001.wav",
                                0.5,
                                "THIS LITTLE WORK",
                                "19",
                                Split.TRAIN));

        ImportOutcome one =
                DatasetIO.read(
                        DatasetFormat.LIBRISPEECH,
                        ls.resolve("dev-clean"),
                        Alphabet.of("ABCDEFGHIJKLMNOPQRSTUVWXYZ' "),
                        ImportProgress.NONE);
        assertThat(one.problems()).isEmpty();
        assertThat(one.utterances())
                .singleElement()
                .satisfies(
                        u -> {
                            assertThat(u.split()).isEqualTo(Split.VAL);
                            assertThat(u.audio()).isEqualTo("84/121123/84-121123-0000.wav");
                        });
    }

    @Test
    void commonVoiceFolderReadsTheThreeSplitsAndOneTsvReadsItself() throws IOException {
        Path cv = dir.resolve("cv-corpus/en");
        TestAudio.wav(cv.resolve("clips/common_voice_en_1.wav"), 1.5);
        TestAudio.wav(cv.resolve("clips/common_voice_en_2.wav"), 0.5);
        TestAudio.wav(cv.resolve("clips/common_voice_en_3.wav"), 0.25);
        String header =
                "client_id\tpath\tsentence_id\tsentence\tsentence_domain\tup_votes\tdown_votes\tage"
                        + "\tgender\taccents\tvariant\tlocale\tsegment\n";
        TestAudio.text(
                cv.resolve("train.tsv"),
                header
                        + "abc123\tcommon_voice_en_1.wav\ts1\t\"Quoted,\" she said.\t\t2\t0\t\t\t\t"
                        + "\ten\t\n");
        TestAudio.text(
                cv.resolve("dev.tsv"),
                header + "def456\tcommon_voice_en_2.wav\ts2\tit's fine\t\t2\t0\t\t\t\t\ten\t\n");
        TestAudio.text(
                cv.resolve("test.tsv"),
                header + "abc123\tcommon_voice_en_3.wav\ts3\tyes\t\t2\t0\t\t\t\t\ten\t\n");
        TestAudio.text(
                cv.resolve("validated.tsv"),
                header + "zzz\tcommon_voice_en_9.wav\ts9\tnot read\t\t2\t0\t\t\t\t\ten\t\n");

        ImportOutcome out =
                DatasetIO.read(
                        DatasetFormat.COMMONVOICE, cv, Alphabet.english(), ImportProgress.NONE);

        assertThat(out.utterances())
                .extracting(
                        Utterance::id,
                        Utterance::audio,
                        Utterance::durationSeconds,
                        Utterance::transcript,
                        Utterance::speaker,
                        Utterance::split)
                .containsExactly(
                        tuple(
                                "common_voice_en_1",
                                "clips/common_voice_en_1.wav",
                                1.5,
                                "\"Quoted,\" she said.",
                                "abc123",
                                Split.TRAIN),
                        tuple(
                                "common_voice_en_2",
                                "clips/common_voice_en_2.wav",
                                0.5,
                                "it's fine",
                                "def456",
                                Split.VAL),
                        tuple(
                                "common_voice_en_3",
                                "clips/common_voice_en_3.wav",
                                0.25,
                                "yes",
                                "abc123",
                                Split.TEST));
        // Quotes, comma and full stop are outside the default alphabet: warned, kept. Capital Q is
        // not
        // (training folds case to the alphabet's).
        assertThat(out.problems())
                .singleElement()
                .satisfies(
                        p -> {
                            assertThat(p.rejected()).isFalse();
                            assertThat(p.line()).isEqualTo(2);
                            assertThat(p.message())
                                    .contains("'\"'", "','", "'.'")
                                    .doesNotContain("'Q'");
                        });

        ImportOutcome one = read(DatasetFormat.COMMONVOICE, cv.resolve("dev.tsv"));
        assertThat(one.utterances()).extracting(Utterance::id).containsExactly("common_voice_en_2");
    }

    @Test
    void deepSpeechJsonManifestWithRootPathAndTranscriptFiles() throws IOException {
        Path root = dir.resolve("an4");
        TestAudio.wav(root.resolve("wav/cen1.wav"), 1.0);
        TestAudio.wav(root.resolve("wav/cen2.wav"), 2.0);
        TestAudio.text(root.resolve("txt/cen1.txt"), "rubout g m e f three nine\n");
        TestAudio.text(root.resolve("txt/cen2.txt"), "erase c q q f seven");
        Path manifest =
                TestAudio.text(
                        dir.resolve("manifests/an4_val_manifest.json"),
                        "{\"root_path\": \"../an4\", \"samples\": [\n"
                                + "  {\"wav_path\": \"wav/cen1.wav\", \"transcript_path\":"
                                + " \"txt/cen1.txt\"},\n"
                                + "  {\"wav_path\": \"wav/cen2.wav\", \"transcript_path\":"
                                + " \"txt/cen2.txt\"}\n"
                                + "]}\n");

        ImportOutcome out = read(DatasetFormat.DEEPSPEECH, manifest);

        assertThat(out.root()).isEqualTo(root.toAbsolutePath().normalize());
        assertThat(out.utterances())
                .extracting(
                        Utterance::id,
                        Utterance::audio,
                        Utterance::durationSeconds,
                        Utterance::transcript,
                        Utterance::speaker,
                        Utterance::split)
                .containsExactly(
                        tuple(
                                "cen1",
                                "wav/cen1.wav",
                                1.0,
                                "rubout g m e f three nine",
                                "",
                                Split.VAL),
                        tuple("cen2", "wav/cen2.wav", 2.0, "erase c q q f seven", "", Split.VAL));
    }

    @Test
    void deepSpeechLegacyCsv() throws IOException {
        TestAudio.wav(dir.resolve("wav/a.wav"), 1.0);
        TestAudio.text(dir.resolve("txt/a.txt"), "hello");
        Path absWav = TestAudio.wav(dir.resolve("wav/b.wav"), 0.5);
        Path absTxt = TestAudio.text(dir.resolve("txt/b.txt"), "world\r\n");
        Path csv =
                TestAudio.text(
                        dir.resolve("train_manifest.csv"),
                        "wav/a.wav,txt/a.txt\n"
                                + absWav.toAbsolutePath()
                                + ","
                                + absTxt.toAbsolutePath()
                                + "\n");

        ImportOutcome out = read(DatasetFormat.DEEPSPEECH_CSV, csv);

        assertThat(out.utterances())
                .extracting(
                        Utterance::id,
                        Utterance::audio,
                        Utterance::durationSeconds,
                        Utterance::transcript,
                        Utterance::speaker,
                        Utterance::split)
                .containsExactly(
                        tuple("a", "wav/a.wav", 1.0, "hello", "", Split.TRAIN),
                        tuple("b", "wav/b.wav", 0.5, "world", "", Split.TRAIN));
    }

    @Test
    void speechBrainCsvWithDataRootAndQuotedTranscript() throws IOException {
        TestAudio.wav(dir.resolve("LibriSpeech/dev-clean/1/2/1-2-0.wav"), 1.25);
        TestAudio.wav(dir.resolve("LibriSpeech/dev-clean/1/2/1-2-1.wav"), 0.5);
        Path csv =
                TestAudio.text(
                        dir.resolve("dev-clean.csv"),
                        "ID,duration,wav,spk_id,wrd\n"
                            + "1-2-0,1.25,$data_root/LibriSpeech/dev-clean/1/2/1-2-0.wav,1,\"HELLO,"
                            + " \"\"WORLD\"\"\"\n"
                            + "1-2-1,0.5,{data_root}/LibriSpeech/dev-clean/1/2/1-2-1.wav,1-x,GOOD"
                            + " BYE\n");

        ImportOutcome out =
                DatasetIO.read(
                        DatasetFormat.SPEECHBRAIN,
                        csv,
                        Alphabet.of("ABCDEFGHIJKLMNOPQRSTUVWXYZ\", "),
                        ImportProgress.NONE);

        assertThat(out.problems()).isEmpty();
        assertThat(out.utterances())
                .extracting(
                        Utterance::id,
                        Utterance::audio,
                        Utterance::durationSeconds,
                        Utterance::transcript,
                        Utterance::speaker,
                        Utterance::split)
                .containsExactly(
                        tuple(
                                "1-2-0",
                                "LibriSpeech/dev-clean/1/2/1-2-0.wav",
                                1.25,
                                "HELLO, \"WORLD\"",
                                "1",
                                Split.VAL),
                        tuple(
                                "1-2-1",
                                "LibriSpeech/dev-clean/1/2/1-2-1.wav",
                                0.5,
                                "GOOD BYE",
                                "1-x",
                                Split.VAL));
    }

    @Test
    void openSeq2SeqCsv() throws IOException {
        Path a = TestAudio.wav(dir.resolve("wavs/4507-16021-0012.wav"), 1.0);
        Path csv =
                TestAudio.text(
                        dir.resolve("librivox-test-clean.csv"),
                        "wav_filename,wav_filesize,transcript\n"
                                + "wavs/4507-16021-0012.wav,"
                                + java.nio.file.Files.size(a)
                                + ",why should one halt on the way\n");

        ImportOutcome out = read(DatasetFormat.OPENSEQ2SEQ, csv);

        assertThat(out.utterances())
                .extracting(
                        Utterance::id,
                        Utterance::audio,
                        Utterance::durationSeconds,
                        Utterance::transcript,
                        Utterance::speaker,
                        Utterance::split)
                .containsExactly(
                        tuple(
                                "4507-16021-0012",
                                "wavs/4507-16021-0012.wav",
                                1.0,
                                "why should one halt on the way",
                                "",
                                Split.TEST));
    }

    @Test
    void folderOfWavAndTxtIsSearchedRecursively() throws IOException {
        Path data = dir.resolve("data");
        TestAudio.wav(data.resolve("train/spk1/a.wav"), 1.0);
        TestAudio.text(data.resolve("train/spk1/a.txt"), "alpha\n");
        TestAudio.wav(data.resolve("misc/b.wav"), 0.5);
        TestAudio.text(data.resolve("misc/b.txt"), "bravo");
        TestAudio.wav(data.resolve("c.wav"), 0.25);
        TestAudio.text(data.resolve("c.txt"), "charlie");

        ImportOutcome out = read(DatasetFormat.FOLDER, data);

        assertThat(out.utterances())
                .extracting(
                        Utterance::id,
                        Utterance::audio,
                        Utterance::durationSeconds,
                        Utterance::transcript,
                        Utterance::speaker,
                        Utterance::split)
                .containsExactly(
                        tuple("c", "c.wav", 0.25, "charlie", "", Split.NONE),
                        tuple("misc/b", "misc/b.wav", 0.5, "bravo", "", Split.NONE),
                        tuple("spk1/a", "train/spk1/a.wav", 1.0, "alpha", "", Split.TRAIN));
    }

    private static Path fixture(String name, Path target) throws IOException {
        java.nio.file.Files.createDirectories(target.getParent());
        try (var in = FormatReadTest.class.getResourceAsStream("/audio/" + name)) {
            assertThat(in).as("test resource /audio/" + name).isNotNull();
            java.nio.file.Files.copy(in, target);
        }
        return target;
    }

    @Test
    void libriSpeechWithFlacAudio() throws IOException {
        Path ls = dir.resolve("LibriSpeech");
        fixture("sine440_44k1_stereo.flac", ls.resolve("test-clean/61/70968/61-70968-0000.flac"));
        fixture("sine1k_48k_24bit.flac", ls.resolve("test-clean/61/70968/61-70968-0001.flac"));
        TestAudio.text(
                ls.resolve("test-clean/61/70968/61-70968.trans.txt"),
                "61-70968-0000 HE BEGAN A CONFUSED COMPLAINT\n"
                        + "61-70968-0001 GIVE NOT SO EARNEST A MIND\n");

        ImportOutcome out =
                DatasetIO.read(
                        DatasetFormat.LIBRISPEECH,
                        ls,
                        Alphabet.of("ABCDEFGHIJKLMNOPQRSTUVWXYZ' "),
                        ImportProgress.NONE);

        assertThat(out.problems()).isEmpty();
        assertThat(out.utterances())
                .extracting(
                        Utterance::id,
                        Utterance::audio,
                        Utterance::durationSeconds,
                        Utterance::transcript,
                        Utterance::speaker,
                        Utterance::split)
                .containsExactly(
                        tuple(
                                "61-70968-0000",
                                "test-clean/61/70968/61-70968-0000.flac",
                                0.5,
                                "HE BEGAN A CONFUSED COMPLAINT",
                                "61",
                                Split.TEST),
                        tuple(
                                "61-70968-0001",
                                "test-clean/61/70968/61-70968-0001.flac",
                                0.25,
                                "GIVE NOT SO EARNEST A MIND",
                                "61",
                                Split.TEST));
    }

    @Test
    void commonVoiceWithMp3Clips() throws IOException {
        Path cv = dir.resolve("en");
        fixture("sine440_44k1_vbr.mp3", cv.resolve("clips/common_voice_en_10.mp3"));
        fixture("sine440_48k_cbr.mp3", cv.resolve("clips/common_voice_en_11.mp3"));
        Path tsv =
                TestAudio.text(
                        cv.resolve("validated.tsv"),
                        "client_id\tpath\tsentence\tup_votes\n"
                                + "c1\tcommon_voice_en_10.mp3\tone two\t2\n"
                                + "c2\tcommon_voice_en_11.mp3\tthree\t3\n");

        ImportOutcome out = read(DatasetFormat.COMMONVOICE, tsv);

        assertThat(out.utterances())
                .extracting(
                        Utterance::id,
                        Utterance::audio,
                        Utterance::transcript,
                        Utterance::speaker,
                        Utterance::split)
                .containsExactly(
                        tuple(
                                "common_voice_en_10",
                                "clips/common_voice_en_10.mp3",
                                "one two",
                                "c1",
                                Split.NONE),
                        tuple(
                                "common_voice_en_11",
                                "clips/common_voice_en_11.mp3",
                                "three",
                                "c2",
                                Split.NONE));
        assertThat(out.utterances().get(0).durationSeconds()).isEqualTo(0.5);
        assertThat(out.utterances().get(1).durationSeconds())
                .isCloseTo(0.528, org.assertj.core.api.Assertions.within(0.01));
    }
}
