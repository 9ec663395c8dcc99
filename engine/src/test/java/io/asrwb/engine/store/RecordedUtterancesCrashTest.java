package io.asrwb.engine.store;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.data.Utterance;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A process adding recorded clips is killed (SIGKILL) at several points: every utterance the
 * catalog then holds has its whole WAV, and the last manifest version counts exactly those rows.
 */
class RecordedUtterancesCrashTest {

    @TempDir Path tmp;

    @Test
    void aKillAtAnyPointLeavesNoHalfWrittenUtterance() throws Exception {
        Path db = tmp.resolve("catalog");
        Path root = tmp.resolve("rec");
        int[] killAfter = {3, 4};
        long[] extraMillis = {0, 11};
        for (int round = 0; round < killAfter.length; round++) {
            Process p =
                    new ProcessBuilder(
                                    Path.of(System.getProperty("java.home"), "bin", "java")
                                            .toString(),
                                    "-cp",
                                    System.getProperty("java.class.path"),
                                    RecordingLoopMain.class.getName(),
                                    db.toString(),
                                    root.toString())
                            .redirectErrorStream(true)
                            .start();
            try (BufferedReader out =
                    new BufferedReader(new InputStreamReader(p.getInputStream(), UTF_8))) {
                String line;
                int added = 0;
                while (added < killAfter[round] && (line = out.readLine()) != null) {
                    if (line.startsWith("added ")) {
                        added++;
                    }
                }
                assertThat(added).as("clips added before the kill").isEqualTo(killAfter[round]);
                Thread.sleep(extraMillis[round]);
                p.destroyForcibly(); // SIGKILL: no shutdown hook, no rollback by the process
                assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
            }
            assertEveryRowHasItsWholeWav(db, root);
        }
    }

    private static void assertEveryRowHasItsWholeWav(Path db, Path root) throws Exception {
        try (Catalog catalog = Catalog.open(db)) {
            DatasetRecord d = catalog.read(c -> new DatasetRepository(c).require("rec"));
            List<StoredUtterance> rows = catalog.read(c -> new UtteranceRepository(c).of(d.id()));
            assertThat(rows).isNotEmpty();
            for (StoredUtterance s : rows) {
                Utterance u = s.utterance();
                Path wav = root.resolve(u.audio());
                assertThat(wav).as(u.id()).exists();
                assertThat(AudioFiles.loadNative(wav).durationSeconds())
                        .as(u.id() + ": the WAV is whole")
                        .isEqualTo(u.durationSeconds());
            }
            ManifestVersion latest =
                    catalog.read(c -> new ManifestVersionRepository(c).latest(d.id()))
                            .orElseThrow();
            assertThat(latest.utteranceCount()).isEqualTo(rows.size());
        }
    }
}
