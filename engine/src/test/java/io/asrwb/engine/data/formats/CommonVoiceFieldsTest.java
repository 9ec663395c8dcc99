package io.asrwb.engine.data.formats;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.data.Alphabet;
import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.data.ImportOutcome;
import io.asrwb.engine.data.ImportProgress;
import io.asrwb.engine.data.Utterance;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Common Voice's own columns (age, gender, accents …) and any other become the utterance's fields
 * and come back out in the same columns: the fields that WER is most often broken down by.
 */
class CommonVoiceFieldsTest {

    @TempDir Path dir;

    @Test
    void ageGenderAccentsAndExtraColumnsAreKeptAndWrittenBack() throws Exception {
        Path cv = dir.resolve("cv");
        TestAudio.wav(cv.resolve("clips/a.wav"), 0.5);
        TestAudio.wav(cv.resolve("clips/b.wav"), 0.5);
        Files.writeString(
                cv.resolve("test.tsv"),
                "client_id\tpath\tsentence\tup_votes\tdown_votes\tage\tgender\taccents\tlocale"
                        + "\tsegment\tmic\n"
                        + "spk1\ta.wav\thello there\t2\t0\tthirties\tfemale\tScottish English\ten"
                        + "\t\theadset\n"
                        + "spk2\tb.wav\tgood day\t3\t1\t\tmale\t\ten\t\tlaptop\n");

        ImportOutcome read =
                DatasetIO.read(
                        DatasetFormat.COMMONVOICE,
                        cv.resolve("test.tsv"),
                        Alphabet.english(),
                        ImportProgress.NONE);

        assertThat(read.utterances()).hasSize(2);
        Utterance a = read.utterances().get(0);
        assertThat(a.meta())
                .containsExactlyInAnyOrderEntriesOf(
                        Map.of(
                                "up_votes", "2",
                                "down_votes", "0",
                                "age", "thirties",
                                "gender", "female",
                                "accents", "Scottish English",
                                "locale", "en",
                                "mic", "headset"));
        assertThat(read.utterances().get(1).meta()).doesNotContainKeys("age", "accents");

        Path out = dir.resolve("out");
        DatasetIO.write(DatasetFormat.COMMONVOICE, read.utterances(), read.root(), out);
        List<String> lines = Files.readAllLines(out.resolve("test.tsv"));
        assertThat(lines.get(0))
                .isEqualTo(
                        "client_id\tpath\tsentence\tup_votes\tdown_votes\tage\tgender\taccents"
                                + "\tlocale\tsegment\tmic");
        assertThat(lines.get(1))
                .isEqualTo(
                        "spk1\ta.wav\thello there\t2\t0\tthirties\tfemale\tScottish English\ten"
                                + "\t\theadset");
        ImportOutcome again =
                DatasetIO.read(
                        DatasetFormat.COMMONVOICE,
                        out.resolve("test.tsv"),
                        Alphabet.english(),
                        ImportProgress.NONE);
        assertThat(again.utterances())
                .extracting(Utterance::meta)
                .isEqualTo(read.utterances().stream().map(Utterance::meta).toList());
    }
}
