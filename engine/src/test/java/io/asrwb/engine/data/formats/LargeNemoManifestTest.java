package io.asrwb.engine.data.formats;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.data.Alphabet;
import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.data.ImportOutcome;
import io.asrwb.engine.data.Utterance;
import java.io.BufferedWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A 10k-line manifest over 100 clips (ids from the line, via the id key) reads completely and in order. */
class LargeNemoManifestTest {

    @TempDir Path dir;

    @Test
    void tenThousandLinesReadInOrderWithProgress() throws Exception {
        for (int c = 0; c < 100; c++) {
            TestAudio.wav(dir.resolve("clips/c" + c + ".wav"), 0.1 + c * 0.001);
        }
        Path manifest = dir.resolve("train_manifest.json");
        try (BufferedWriter w = Files.newBufferedWriter(manifest)) {
            for (int i = 0; i < 10_000; i++) {
                int c = i % 100;
                w.write(
                        "{\"audio_filepath\": \"clips/c"
                                + c
                                + ".wav\", \"duration\": "
                                + (0.1 + c * 0.001)
                                + ", \"text\": \"utterance number "
                                + i
                                + "\", \"id\": \"u"
                                + i
                                + "\", \"speaker\": \"s"
                                + (i % 7)
                                + "\"}\n");
            }
        }
        AtomicLong last = new AtomicLong();

        ImportOutcome out =
                DatasetIO.read(
                        DatasetFormat.NEMO,
                        manifest,
                        Alphabet.english(),
                        (done, total) -> {
                            last.accumulateAndGet(done, Math::max);
                            return true;
                        });

        assertThat(out.rejectedCount()).isZero();
        assertThat(out.problems()).hasSize(10_000).allMatch(p -> !p.rejected()); // the digits
        assertThat(out.utterances()).hasSize(10_000);
        assertThat(last.get()).isEqualTo(10_000);
        for (int i = 0; i < 10_000; i += 997) {
            Utterance u = out.utterances().get(i);
            assertThat(u.id()).isEqualTo("u" + i);
            assertThat(u.transcript()).isEqualTo("utterance number " + i);
            assertThat(u.audio()).isEqualTo("clips/c" + (i % 100) + ".wav");
            assertThat(u.speaker()).isEqualTo("s" + (i % 7));
            assertThat(u.durationSeconds())
                    .isEqualTo(Math.round((0.1 + (i % 100) * 0.001) * 16000) / 16000.0);
        }
    }
}
