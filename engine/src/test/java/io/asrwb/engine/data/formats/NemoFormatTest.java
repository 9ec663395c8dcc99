package io.asrwb.engine.data.formats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.asrwb.engine.data.Alphabet;
import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.data.ImportOutcome;
import io.asrwb.engine.data.ImportProgress;
import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.Utterance;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NemoFormatTest {

    @TempDir Path dir;

    @Test
    void readsRelativeAndAbsolutePathsSpeakerAndSplitFromFileName() throws Exception {
        TestAudio.wav(dir.resolve("wavs/a.wav"), 1.0);
        Path b = TestAudio.wav(dir.resolve("wavs/sub/b.wav"), 0.5);
        Path manifest =
                TestAudio.text(
                        dir.resolve("train_manifest.json"),
                        "{\"audio_filepath\": \"wavs/a.wav\", \"duration\": 1.0, \"text\": \"hello"
                                + " world\", \"speaker\": 7, \"lang\": \"en\"}\n"
                                + "\n"
                                + "{\"audio_filepath\": \""
                                + b.toAbsolutePath().toString().replace("\\", "\\\\")
                                + "\", \"duration\": 0.52, \"text\": \"it's me\", \"extra\":"
                                + " {\"k\": [1, 2]}}\n");

        ImportOutcome out =
                DatasetIO.read(
                        DatasetFormat.NEMO, manifest, Alphabet.english(), ImportProgress.NONE);

        assertThat(out.problems()).isEmpty();
        assertThat(out.root()).isEqualTo(dir.toAbsolutePath().normalize());
        assertThat(out.utterances()).hasSize(2);
        Utterance a = out.utterances().get(0);
        assertThat(a.id()).isEqualTo("a");
        assertThat(a.audio()).isEqualTo("wavs/a.wav");
        assertThat(a.durationSeconds()).isCloseTo(1.0, within(1e-9));
        assertThat(a.transcript()).isEqualTo("hello world");
        assertThat(a.speaker()).isEqualTo("7");
        assertThat(a.split()).isEqualTo(Split.TRAIN);
        Utterance u = out.utterances().get(1);
        assertThat(u.id()).isEqualTo("b");
        assertThat(u.audio()).isEqualTo("wavs/sub/b.wav");
        assertThat(u.durationSeconds()).isCloseTo(0.5, within(1e-9));
        assertThat(u.transcript()).isEqualTo("it's me");
        assertThat(u.speaker()).isEmpty();
    }

    @Test
    void aSplitKeyOnTheLineWinsOverTheFileName() throws Exception {
        TestAudio.wav(dir.resolve("a.wav"), 1.0);
        TestAudio.wav(dir.resolve("b.wav"), 1.0);
        TestAudio.wav(dir.resolve("c.wav"), 1.0);
        Path manifest =
                TestAudio.text(
                        dir.resolve("all.jsonl"),
                        "{\"audio_filepath\": \"a.wav\", \"duration\": 1.0, \"text\": \"yes\","
                            + " \"split\": \"test\"}\n"
                            + "{\"audio_filepath\": \"b.wav\", \"duration\": 1.0, \"text\": \"no\","
                            + " \"split\": \"dev\"}\n"
                            + "{\"audio_filepath\": \"c.wav\", \"duration\": 1.0, \"text\":"
                            + " \"stop\", \"split\": \"elsewhere\"}\n");

        ImportOutcome out =
                DatasetIO.read(
                        DatasetFormat.NEMO, manifest, Alphabet.english(), ImportProgress.NONE);

        assertThat(out.utterances())
                .extracting(Utterance::split)
                .containsExactly(Split.TEST, Split.VAL, Split.NONE);
    }
}
