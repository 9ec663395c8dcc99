package io.asrwb.engine.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.audio.PcmAudio;
import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.curation.TextChecks;
import io.asrwb.engine.files.OwnerOnly;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a recording cut short by a kill leaves (.wav.part files) is removed; a live one is not. */
class RecordedInterruptedWritesTest {

    @TempDir Path tmp;

    @Test
    void oldPartFilesInDatasetsAndTheRecordingsFolderGoAFreshOneAndEveryWavStay() throws Exception {
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        try (Catalog catalog = Catalog.open(tmp.resolve("catalog"))) {
            RecordedUtterances rec =
                    new RecordedUtterances(
                            catalog, TextChecks.ENGLISH, Clock.fixed(now, ZoneOffset.UTC));
            Path root = tmp.resolve("mine");
            rec.create("mine", root);
            RecordedUtterances.Added kept =
                    rec.add("mine", new PcmAudio(new float[1600], 16_000), "hi", "bo", Split.TRAIN);
            Path folder = kept.wav().getParent();
            Path killed = Files.writeString(folder.resolve("bo-20261126-1.wav.part"), "RIFF");
            Files.setLastModifiedTime(killed, FileTime.from(now.minus(10, ChronoUnit.MINUTES)));
            Path live = Files.writeString(folder.resolve("bo-20261126-2.wav.part"), "RIFF");
            Files.setLastModifiedTime(live, FileTime.from(now.minusSeconds(5)));
            Path recordings = Files.createDirectories(tmp.resolve("recordings/other/recorded"));
            Path orphan = Files.writeString(recordings.resolve("x.wav.part"), "RIFF");
            Files.setLastModifiedTime(orphan, FileTime.from(now.minus(2, ChronoUnit.DAYS)));
            Path notOurs = Files.writeString(recordings.resolve("notes.part"), "mine");
            Files.setLastModifiedTime(notOurs, FileTime.from(now.minus(2, ChronoUnit.DAYS)));

            assertThat(rec.removeInterruptedWrites(tmp.resolve("recordings")))
                    .containsExactlyInAnyOrder(killed, orphan);

            assertThat(killed).doesNotExist();
            assertThat(orphan).doesNotExist();
            assertThat(live).exists();
            assertThat(notOurs).exists();
            assertThat(kept.wav()).exists();
            assertThat(rec.removeInterruptedWrites(tmp.resolve("missing"))).isEmpty();
        }
    }

    @Test
    void aRecordedClipIsOwnerOnly() throws Exception {
        try (Catalog catalog = Catalog.open(tmp.resolve("catalog"))) {
            RecordedUtterances rec =
                    new RecordedUtterances(catalog, TextChecks.ENGLISH, Clock.systemUTC());
            rec.create("mine", tmp.resolve("mine"));
            Path wav =
                    rec.add("mine", new PcmAudio(new float[1600], 16_000), "hi", "bo", Split.TRAIN)
                            .wav();
            if (OwnerOnly.posix(wav)) {
                assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(wav)))
                        .isEqualTo("rw-------");
            }
        }
    }
}
