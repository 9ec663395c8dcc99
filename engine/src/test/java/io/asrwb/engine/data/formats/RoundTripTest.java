package io.asrwb.engine.data.formats;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.data.Alphabet;
import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.data.ImportOutcome;
import io.asrwb.engine.data.ImportProgress;
import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.Utterance;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** read → write format F → read back gives the same utterances, for every format. */
class RoundTripTest {

    @TempDir Path dir;

    /** A NeMo source with speakers, three splits, punctuation, quotes and commas in transcripts. */
    private ImportOutcome source() throws IOException {
        Path src = dir.resolve("src");
        String[][] rows = {
            {"1089-134686-0000", "train", "1089", "he hoped there would be stew for dinner"},
            {
                "1089-134686-0001",
                "train",
                "1089",
                "stuff it into you, his \"belly\" counselled him"
            },
            {"121-121726-0000", "dev", "121", "also a popular contrivance"},
            {"237-126133-0000", "test", "237", "ah, don't   shout; it's ok"},
        };
        StringBuilder[] manifests = {new StringBuilder(), new StringBuilder(), new StringBuilder()};
        for (int i = 0; i < rows.length; i++) {
            String[] r = rows[i];
            double seconds = 0.25 * (i + 1) + 0.0123;
            TestAudio.wav(src.resolve("audio/" + r[0] + ".wav"), seconds);
            int m = r[1].equals("train") ? 0 : r[1].equals("dev") ? 1 : 2;
            manifests[m]
                    .append("{\"audio_filepath\": \"audio/")
                    .append(r[0])
                    .append(".wav\", \"text\": \"")
                    .append(r[3].replace("\"", "\\\""))
                    .append("\", \"speaker\": \"")
                    .append(r[2])
                    .append("\"}\n");
        }
        TestAudio.text(src.resolve("train_manifest.json"), manifests[0].toString());
        TestAudio.text(src.resolve("val_manifest.json"), manifests[1].toString());
        TestAudio.text(src.resolve("test_manifest.json"), manifests[2].toString());
        ImportOutcome out =
                DatasetIO.read(DatasetFormat.NEMO, src, Alphabet.english(), ImportProgress.NONE);
        assertThat(out.rejectedCount()).isZero();
        assertThat(out.utterances()).hasSize(4);
        return out;
    }

    @ParameterizedTest
    @EnumSource(DatasetFormat.class)
    void writeThenReadGivesTheSameUtterances(DatasetFormat format) throws IOException {
        ImportOutcome original = source();
        Path out = dir.resolve("out-" + format.cliName());

        List<Path> written = DatasetIO.write(format, original.utterances(), original.root(), out);

        assertThat(written).isNotEmpty().allSatisfy(p -> assertThat(p).exists());
        ImportOutcome back = DatasetIO.read(format, out, Alphabet.english(), ImportProgress.NONE);
        assertThat(back.rejectedCount()).as("rejections: %s", back.problems()).isZero();
        boolean keepsSpeaker =
                switch (format) {
                    case NEMO, SPEECHBRAIN, COMMONVOICE, LIBRISPEECH -> true;
                    default -> false;
                };
        assertThat(back.utterances()).hasSameSizeAs(original.utterances());
        for (Utterance want : original.utterances()) {
            Utterance got =
                    back.utterances().stream()
                            .filter(u -> u.id().equals(want.id()))
                            .findFirst()
                            .orElseThrow(
                                    () ->
                                            new AssertionError(
                                                    want.id()
                                                            + " missing after "
                                                            + format
                                                            + " round trip: "
                                                            + back.utterances()));
            assertThat(got.transcript()).isEqualTo(want.transcript());
            assertThat(got.durationSeconds()).isEqualTo(want.durationSeconds());
            assertThat(got.split()).isEqualTo(want.split());
            assertThat(got.speaker()).isEqualTo(keepsSpeaker ? want.speaker() : "");
            assertThat(
                            Files.mismatch(
                                    back.root().resolve(got.audio()),
                                    original.root().resolve(want.audio())))
                    .isEqualTo(-1L);
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = DatasetFormat.class,
            names = {"NEMO", "SPEECHBRAIN", "OPENSEQ2SEQ", "DEEPSPEECH", "DEEPSPEECH_CSV"})
    void writingIntoTheDatasetFolderReferencesAudioInPlace(DatasetFormat format)
            throws IOException {
        ImportOutcome original = source();

        DatasetIO.write(format, original.utterances(), original.root(), original.root());

        ImportOutcome back =
                DatasetIO.read(format, original.root(), Alphabet.english(), ImportProgress.NONE);
        // NeMo's own manifests are read too; the ids in them repeat and are reported as duplicates.
        assertThat(back.utterances())
                .extracting(Utterance::audio)
                .containsAll(original.utterances().stream().map(Utterance::audio).toList());
        try (var files = Files.list(original.root().resolve("audio"))) {
            assertThat(files.count()).isEqualTo(4);
        }
        assertThat(back.utterances())
                .extracting(Utterance::split)
                .contains(Split.TRAIN, Split.VAL, Split.TEST);
    }
}
