package io.asrwb.engine.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.audio.PcmAudio;
import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.data.curation.TextChecks;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Recorded clips added to a real H2 catalog file: WAV, row and manifest version, or none of them. */
class RecordedUtterancesTest {

    private static final Instant T0 = Instant.parse("2026-11-26T10:15:30.123Z");

    @TempDir Path tmp;

    @Test
    void addsTheClipAs16kHzWavWithItsRowAndTheNextManifestVersion() throws Exception {
        try (Catalog catalog = Catalog.open(tmp.resolve("catalog"))) {
            RecordedUtterances rec = new RecordedUtterances(catalog, TextChecks.ENGLISH, ticking());
            Path root = tmp.resolve("mine");
            DatasetRecord d = rec.create("mine", root);
            RecordedUtterances.Added first =
                    rec.add("mine", tone(44_100, 1.5), " hello there ", "Alice B", Split.TRAIN);
            RecordedUtterances.Added second =
                    rec.add("mine", tone(16_000, 0.75), "good morning", "Alice B", Split.VAL);

            assertThat(first.utterance().audio()).startsWith("recorded/alice_b/alice_b-20261126-");
            assertThat(first.wav()).isEqualTo(root.resolve(first.utterance().audio()));
            PcmAudio stored = AudioFiles.loadNative(first.wav());
            assertThat(stored.sampleRate()).isEqualTo(16_000);
            assertThat(stored.durationSeconds()).isCloseTo(1.5, within(0.001));
            assertThat(AudioFiles.loadNative(second.wav()).durationSeconds())
                    .isCloseTo(0.75, within(0.001));
            try (Stream<Path> files = Files.list(first.wav().getParent())) {
                assertThat(files.map(p -> p.getFileName().toString()))
                        .as("no .part file left")
                        .allMatch(n -> n.endsWith(".wav"))
                        .hasSize(2);
            }

            List<StoredUtterance> rows = catalog.read(c -> new UtteranceRepository(c).of(d.id()));
            assertThat(rows).extracting(StoredUtterance::ordinal).containsExactly(0, 1);
            Utterance u = rows.get(0).utterance();
            assertThat(u).isEqualTo(first.utterance());
            assertThat(u.transcript()).isEqualTo("hello there");
            assertThat(u.speaker()).isEqualTo("Alice B");
            assertThat(u.split()).isEqualTo(Split.TRAIN);
            assertThat(rows.get(1).utterance().split()).isEqualTo(Split.VAL);
            assertThat(rows.get(0).text().charsetViolation()).isNull();
            List<ManifestVersion> versions =
                    catalog.read(c -> new ManifestVersionRepository(c).of(d.id()));
            assertThat(versions)
                    .extracting(ManifestVersion::version, ManifestVersion::utteranceCount)
                    .containsExactly(
                            org.assertj.core.groups.Tuple.tuple(1, 0),
                            org.assertj.core.groups.Tuple.tuple(2, 1),
                            org.assertj.core.groups.Tuple.tuple(3, 2));
            assertThat(second.manifest().version()).isEqualTo(3);
            assertThat(versions.get(1).contentHash()).isNotEqualTo(versions.get(2).contentHash());
        }
        // Reopened from the file: what was committed is there.
        try (Catalog again = Catalog.open(tmp.resolve("catalog"))) {
            DatasetRecord d = again.read(c -> new DatasetRepository(c).require("mine"));
            int count = again.read(c -> new UtteranceRepository(c).count(d.id()));
            assertThat(count).isEqualTo(2);
        }
    }

    @Test
    void aRowTheCatalogRefusesLeavesNoWavAndNoVersion() throws Exception {
        Clock fixed = Clock.fixed(T0, ZoneOffset.UTC);
        try (Catalog catalog = Catalog.open(tmp.resolve("catalog"))) {
            RecordedUtterances rec = new RecordedUtterances(catalog, TextChecks.ENGLISH, fixed);
            DatasetRecord d = rec.create("mine", tmp.resolve("mine"));
            // A row with the id the next clip will get, but audio elsewhere: the WAV is written,
            // then the transaction refuses the row.
            Utterance taken =
                    new Utterance(
                            "bob-20261126-101530-123", "other.wav", 1, "x", "bob", Split.TRAIN);
            catalog.transaction(
                    c -> {
                        new UtteranceRepository(c)
                                .insertAt(
                                        d.id(),
                                        0,
                                        taken,
                                        TextChecks.run(List.of(taken), TextChecks.ENGLISH).get(0));
                        return null;
                    });

            assertThatThrownBy(() -> rec.add("mine", tone(16_000, 1), "hi", "bob", Split.TRAIN))
                    .isInstanceOf(CatalogException.class)
                    .hasMessageContaining("already has an utterance 'bob-20261126-101530-123'");

            assertThat(tmp.resolve("mine/recorded/bob/bob-20261126-101530-123.wav")).doesNotExist();
            assertThat(tmp.resolve("mine/recorded/bob/bob-20261126-101530-123.wav.part"))
                    .doesNotExist();
            int count = catalog.read(c -> new UtteranceRepository(c).count(d.id()));
            assertThat(count).isEqualTo(1);
            List<ManifestVersion> versions =
                    catalog.read(c -> new ManifestVersionRepository(c).of(d.id()));
            assertThat(versions).hasSize(1);
        }
    }

    @Test
    void neverReplacesAClipAlreadyOnDisk() throws Exception {
        Clock fixed = Clock.fixed(T0, ZoneOffset.UTC);
        try (Catalog catalog = Catalog.open(tmp.resolve("catalog"))) {
            RecordedUtterances rec = new RecordedUtterances(catalog, TextChecks.ENGLISH, fixed);
            rec.create("mine", tmp.resolve("mine"));
            RecordedUtterances.Added first =
                    rec.add("mine", tone(16_000, 1), "one", "bob", Split.TRAIN);
            byte[] before = Files.readAllBytes(first.wav());

            assertThatThrownBy(() -> rec.add("mine", tone(16_000, 2), "two", "bob", Split.TRAIN))
                    .isInstanceOf(CatalogException.class)
                    .hasMessageContaining("already exists; nothing was added");
            assertThat(first.wav()).hasBinaryContent(before);
        }
    }

    @Test
    void badInputSaysWhatIsWrong() throws Exception {
        try (Catalog catalog = Catalog.open(tmp.resolve("catalog"))) {
            RecordedUtterances rec = new RecordedUtterances(catalog, TextChecks.ENGLISH, ticking());
            assertThatThrownBy(() -> rec.add("nope", tone(16_000, 1), "hi", "", Split.NONE))
                    .isInstanceOf(CatalogException.class)
                    .hasMessageContaining("no dataset named 'nope'");
            rec.create("mine", tmp.resolve("mine"));
            assertThatThrownBy(() -> rec.add("mine", tone(16_000, 1), "  ", "", Split.NONE))
                    .hasMessageContaining("needs a transcript");
            assertThatThrownBy(() -> rec.create("mine", tmp.resolve("again")))
                    .isInstanceOf(CatalogException.DatasetName.class);
            assertThat(tmp.resolve("mine/recorded")).doesNotExist();
        }
    }

    /** A clock that moves 1 ms per reading, so each clip gets its own id. */
    private static Clock ticking() {
        return new Clock() {
            private long millis;

            @Override
            public java.time.ZoneId getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(java.time.ZoneId zone) {
                return this;
            }

            @Override
            public Instant instant() {
                return T0.plusMillis(millis++);
            }
        };
    }

    private static PcmAudio tone(int rate, double seconds) {
        float[] s = new float[(int) Math.round(rate * seconds)];
        for (int i = 0; i < s.length; i++) {
            s[i] = (float) (0.3 * Math.sin(2 * Math.PI * 220 * i / rate));
        }
        return new PcmAudio(s, rate);
    }
}
