package io.asrwb.engine.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.asrwb.engine.audio.WavWriter;
import io.asrwb.engine.data.Alphabet;
import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.data.ImportOutcome;
import io.asrwb.engine.data.ImportProgress;
import io.asrwb.engine.data.ManifestHash;
import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.data.formats.DatasetIO;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CuratedExporterTest {

    private static final Instant T = Instant.parse("2026-01-02T03:04:05Z");

    @TempDir Path dir;

    @Test
    void exportLeavesOutExcludedAppliesEditsAndRecordsANewVersionWithItsHash() throws Exception {
        Path root = dir.resolve("corpus");
        List<Utterance> utts = wavs(root, 6);
        try (Catalog catalog = Catalog.open(dir.resolve("catalog"))) {
            CatalogImporter.Result imported =
                    Fixtures.importer(catalog)
                            .store(
                                    "set",
                                    new ImportOutcome(
                                            DatasetFormat.NEMO,
                                            root.resolve("manifest.json"),
                                            root,
                                            utts,
                                            List.of()),
                                    ImportProgress.NONE);
            long id = imported.dataset().id();
            catalog.read(
                    c -> {
                        CurationRepository curation = new CurationRepository(c);
                        curation.save(
                                id,
                                new CurationState("u1", false, true, null, "noise only", "ann", T));
                        curation.save(
                                id,
                                new CurationState(
                                        "u4",
                                        true,
                                        true,
                                        "ignored because excluded",
                                        "",
                                        "ann",
                                        T));
                        curation.save(
                                id,
                                new CurationState(
                                        "u2",
                                        false,
                                        false,
                                        "the corrected words",
                                        "typo",
                                        "ann",
                                        T));
                        curation.save(
                                id,
                                new CurationState(
                                        "u3", true, false, null, "only flagged", "ann", T));
                        return null;
                    });

            Path out = dir.resolve("out");
            CuratedExporter.Result r =
                    new CuratedExporter(catalog, Fixtures.CLOCK)
                            .export("set", DatasetFormat.NEMO, out, "curated for training");

            List<Utterance> expected =
                    new ArrayList<>(List.of(utts.get(0), utts.get(2), utts.get(3), utts.get(5)));
            Utterance u2 = utts.get(2);
            expected.set(
                    1,
                    new Utterance(
                            u2.id(),
                            u2.audio(),
                            u2.durationSeconds(),
                            "the corrected words",
                            u2.speaker(),
                            u2.split()));
            assertThat(r.exported()).isEqualTo(4);
            assertThat(r.excluded()).isEqualTo(2);
            assertThat(r.edited()).isEqualTo(1);

            // what was written reads back as exactly the curated utterances
            List<Utterance> readBack =
                    DatasetIO.read(
                                    DatasetFormat.NEMO,
                                    r.files().get(0),
                                    Alphabet.english(),
                                    ImportProgress.NONE)
                            .utterances();
            assertThat(readBack).extracting(Utterance::id).containsExactly("u0", "u2", "u3", "u5");
            assertThat(readBack)
                    .extracting(Utterance::transcript)
                    .containsExactly(
                            utts.get(0).transcript(),
                            "the corrected words",
                            utts.get(3).transcript(),
                            utts.get(5).transcript());

            // version 2 with the curated content's hash, different from the import's
            assertThat(r.version().version()).isEqualTo(2);
            assertThat(r.version().contentHash())
                    .isEqualTo(ManifestHash.of(expected))
                    .isNotEqualTo(imported.manifest().contentHash());
            assertThat(r.version().utteranceCount()).isEqualTo(4);
            assertThat(r.version().note()).isEqualTo("curated for training");
            assertThat(
                            catalog.<List<ManifestVersion>>read(
                                    c -> new ManifestVersionRepository(c).of(id)))
                    .extracting(ManifestVersion::version, ManifestVersion::contentHash)
                    .containsExactly(
                            org.assertj.core.groups.Tuple.tuple(
                                    1, imported.manifest().contentHash()),
                            org.assertj.core.groups.Tuple.tuple(2, r.version().contentHash()));
            // the stored utterances themselves are untouched: curation is an overlay
            assertThat(catalog.<List<StoredUtterance>>read(c -> new UtteranceRepository(c).of(id)))
                    .extracting(StoredUtterance::utterance)
                    .containsExactlyElementsOf(utts);
        }
    }

    @Test
    void everythingExcludedIsRefusedAndRecordsNoVersion() throws Exception {
        Path root = dir.resolve("corpus");
        List<Utterance> utts = wavs(root, 2);
        try (Catalog catalog = Catalog.open(dir.resolve("catalog"))) {
            long id =
                    Fixtures.importer(catalog)
                            .store(
                                    "set",
                                    new ImportOutcome(
                                            DatasetFormat.NEMO,
                                            root.resolve("manifest.json"),
                                            root,
                                            utts,
                                            List.of()),
                                    ImportProgress.NONE)
                            .dataset()
                            .id();
            catalog.read(
                    c -> {
                        for (Utterance u : utts) {
                            new CurationRepository(c)
                                    .save(
                                            id,
                                            new CurationState(
                                                    u.id(), false, true, null, "", "ann", T));
                        }
                        return null;
                    });
            assertThatThrownBy(
                            () ->
                                    new CuratedExporter(catalog, Fixtures.CLOCK)
                                            .export(
                                                    "set",
                                                    DatasetFormat.NEMO,
                                                    dir.resolve("out"),
                                                    null))
                    .isInstanceOf(CatalogException.class)
                    .hasMessageContaining("every utterance of 'set' is excluded");
            assertThat(
                            catalog.<List<ManifestVersion>>read(
                                    c -> new ManifestVersionRepository(c).of(id)))
                    .hasSize(1);
        }
    }

    /** n short 16 kHz WAVs under root, as imported utterances with paths relative to root. */
    private static List<Utterance> wavs(Path root, int n) throws Exception {
        List<Utterance> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            float[] samples = new float[1600 * (i + 1)];
            for (int k = 0; k < samples.length; k++) {
                samples[k] = (float) (0.1 * Math.sin(k * (i + 1) * 0.01));
            }
            Path wav = root.resolve("wav").resolve("u" + i + ".wav");
            java.nio.file.Files.createDirectories(wav.getParent());
            WavWriter.writePcm16(wav, samples, 16_000, 1);
            out.add(
                    new Utterance(
                            "u" + i,
                            "wav/u" + i + ".wav",
                            samples.length / 16_000.0,
                            "words of utterance " + "abcdef".charAt(i),
                            "spk" + (i % 2),
                            Split.TRAIN));
        }
        return out;
    }
}
