package io.asrwb.engine.data.formats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.asrwb.engine.data.Alphabet;
import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.data.ImportOutcome;
import io.asrwb.engine.data.ImportProgress;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.data.augment.NoiseClips;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Call-centre recordings (G.722, headerless G.711, au) import from a folder of audio + txt and
 * serve as noise, like wav does: the extension lists come from AudioFiles.EXTENSIONS.
 */
class TelephoneFolderImportTest {

    @TempDir Path dir;

    /** Any bytes are a valid G.722 or G.711 stream; the duration follows from the size. */
    private static void bytes(Path file, int n) throws Exception {
        byte[] b = new byte[n];
        new Random(n).nextBytes(b);
        Files.createDirectories(file.getParent());
        Files.write(file, b);
    }

    private void recordings(Path data) throws Exception {
        bytes(data.resolve("a.g722"), 4000); // 8000 bytes a second
        Files.writeString(data.resolve("a.txt"), "alpha\n");
        bytes(data.resolve("calls/b.ul"), 4000); // 8000 samples a second
        Files.writeString(data.resolve("calls/b.txt"), "bravo\n");
        bytes(data.resolve("c.alaw"), 2000);
        Files.writeString(data.resolve("c.txt"), "charlie\n");
        bytes(data.resolve("d.au"), 800); // no .snd header: 8 kHz μ-law
        Files.writeString(data.resolve("d.txt"), "delta\n");
    }

    @Test
    void folderOfTelephoneRecordingsAndTranscripts() throws Exception {
        Path data = dir.resolve("data");
        recordings(data);

        ImportOutcome out =
                DatasetIO.read(DatasetFormat.FOLDER, data, Alphabet.english(), ImportProgress.NONE);

        assertThat(out.problems()).isEmpty();
        assertThat(out.utterances())
                .extracting(Utterance::audio, Utterance::durationSeconds, Utterance::transcript)
                .containsExactly(
                        tuple("a.g722", 0.5, "alpha"),
                        tuple("c.alaw", 0.25, "charlie"),
                        tuple("calls/b.ul", 0.5, "bravo"),
                        tuple("d.au", 0.1, "delta"));
    }

    @Test
    void noiseFolderTakesTelephoneRecordings() throws Exception {
        Path noise = dir.resolve("noise");
        recordings(noise);

        NoiseClips clips = NoiseClips.load(noise);

        assertThat(clips.names()).containsExactly("a.g722", "c.alaw", "calls/b.ul", "d.au");
        assertThat(clips.clips().get(0)).hasSize(16_000 / 2); // 0.5 s at the model's 16 kHz
    }
}
