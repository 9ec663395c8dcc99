package io.asrwb.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.CurationRepository;
import io.asrwb.engine.store.CurationState;
import io.asrwb.engine.store.DatasetRepository;
import io.asrwb.engine.store.ManifestVersion;
import io.asrwb.engine.store.ManifestVersionRepository;
import io.asrwb.engine.store.StoredUtterance;
import io.asrwb.engine.store.UtteranceRepository;
import io.asrwb.engine.testing.DemoSubset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code asrwb dataset split} on demo speech imported from a NeMo manifest without splits: whole
 * speakers dealt by a seed into a new manifest version; refusals in words that change nothing.
 */
class DatasetSplitCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir Path dir;

    /** 10 speakers × 4 utterances, no split key: every row imports with no split. */
    private Path unsplitCatalog(String name) {
        Path db = dir.resolve(name + "-catalog");
        Path manifest = DemoSubset.writeUnsplit(dir.resolve(name), 10, 4, 3.0);
        CliRun imported =
                CliRun.run(
                        db,
                        "dataset",
                        "import",
                        "--format",
                        "nemo",
                        "--name",
                        "real",
                        manifest.toString());
        assertThat(imported.exit()).as(imported.err()).isZero();
        return db;
    }

    private static List<StoredUtterance> rows(Path db) {
        try (Catalog catalog = Catalog.open(db)) {
            return catalog.read(
                    c ->
                            new UtteranceRepository(c)
                                    .of(new DatasetRepository(c).require("real").id()));
        }
    }

    private static List<ManifestVersion> versions(Path db) {
        try (Catalog catalog = Catalog.open(db)) {
            return catalog.read(
                    c ->
                            new ManifestVersionRepository(c)
                                    .of(new DatasetRepository(c).require("real").id()));
        }
    }

    private static Map<String, String> splitOf(Path db) {
        Map<String, String> out = new HashMap<>();
        rows(db).forEach(s -> out.put(s.utterance().id(), s.utterance().split().key()));
        return out;
    }

    @Test
    void dealsWholeSpeakersIntoANewManifestVersionTheSameWayForASeed() throws Exception {
        Path db = unsplitCatalog("a");
        assertThat(rows(db))
                .allSatisfy(s -> assertThat(s.utterance().split().key()).isEqualTo("none"));

        CliRun split =
                CliRun.run(
                        db,
                        "--porcelain",
                        "dataset",
                        "split",
                        "real",
                        "--val",
                        "0.2",
                        "--test",
                        "0.2",
                        "--seed",
                        "5");

        assertThat(split.exit()).as(split.err()).isZero();
        JsonNode record = JSON.readTree(split.lines().get(split.lines().size() - 1));
        assertThat(record.path("by").asText()).isEqualTo("speaker");
        assertThat(record.path("splits").path("val").path("speakers").asInt()).isEqualTo(2);
        assertThat(record.path("splits").path("test").path("speakers").asInt()).isEqualTo(2);
        assertThat(record.path("splits").path("train").path("utterances").asInt()).isEqualTo(24);
        assertThat(record.path("before").path("none").asInt()).isEqualTo(40);
        Map<String, Set<String>> splitsOfSpeaker = new HashMap<>();
        for (StoredUtterance s : rows(db)) {
            splitsOfSpeaker
                    .computeIfAbsent(s.utterance().speaker(), k -> new HashSet<>())
                    .add(s.utterance().split().key());
        }
        assertThat(splitsOfSpeaker).hasSize(10);
        assertThat(splitsOfSpeaker.values()).allSatisfy(s -> assertThat(s).hasSize(1));
        List<ManifestVersion> versions = versions(db);
        assertThat(versions).hasSize(2);
        assertThat(versions.get(1).note())
                .isEqualTo("split by speaker (val 0.2, test 0.2, seed 5): train 24, val 8, test 8");
        assertThat(versions.get(1).contentHash()).isNotEqualTo(versions.get(0).contentHash());
        assertThat(record.path("manifestHash").asText()).isEqualTo(versions.get(1).contentHash());

        Path other = unsplitCatalog("b");
        CliRun again =
                CliRun.run(
                        other, "dataset", "split", "real", "--val", "0.2", "--test", "0.2",
                        "--seed", "5");
        assertThat(again.exit()).as(again.err()).isZero();
        assertThat(again.out()).contains("split 'real' by speaker (seed 5):", "val        8");
        assertThat(splitOf(other)).isEqualTo(splitOf(db));
        CliRun reseeded =
                CliRun.run(other, "dataset", "split", "real", "--val", "0.2", "--test", "0.2");
        assertThat(reseeded.exit()).as(reseeded.err()).isZero();
        assertThat(splitOf(other)).isNotEqualTo(splitOf(db));
        assertThat(versions(other)).hasSize(3);
    }

    @Test
    void byUtteranceAndExcludedRowsKeepTheirSplit() {
        Path db = unsplitCatalog("a");
        String excluded = rows(db).get(0).utterance().id();
        try (Catalog catalog = Catalog.open(db)) {
            catalog.transaction(
                    c -> {
                        long id = new DatasetRepository(c).require("real").id();
                        new CurationRepository(c)
                                .save(
                                        id,
                                        new CurationState(
                                                excluded,
                                                false,
                                                true,
                                                null,
                                                "",
                                                "test",
                                                Instant.parse("2026-12-01T00:00:00Z")));
                        return null;
                    });
        }

        CliRun split = CliRun.run(db, "dataset", "split", "real", "--by", "utterance");

        assertThat(split.exit()).as(split.err()).isZero();
        assertThat(split.out()).contains("by utterance");
        Map<String, String> splits = splitOf(db);
        assertThat(splits.get(excluded)).isEqualTo("none");
        assertThat(splits.values().stream().filter("val"::equals).count()).isEqualTo(4);
        assertThat(splits.values().stream().filter("test"::equals).count()).isEqualTo(4);
        assertThat(splits.values().stream().filter("train"::equals).count()).isEqualTo(31);
    }

    @Test
    void tooFewSpeakersAreRefusedInWordsAndNothingChanges() throws Exception {
        Path db = dir.resolve("catalog");
        Path manifest = DemoSubset.writeUnsplit(dir.resolve("two"), 2, 3, 3.0);
        assertThat(
                        CliRun.run(
                                        db,
                                        "dataset",
                                        "import",
                                        "--format",
                                        "nemo",
                                        "--name",
                                        "real",
                                        manifest.toString())
                                .exit())
                .isZero();
        Map<String, String> before = splitOf(db);

        CliRun refused = CliRun.run(db, "dataset", "split", "real");
        CliRun badBy = CliRun.run(db, "dataset", "split", "real", "--by", "voice");
        CliRun badShare =
                CliRun.run(db, "dataset", "split", "real", "--val", "0.6", "--test", "0.5");

        assertThat(refused.exit()).isEqualTo(ExitCodes.FAILED);
        assertThat(refused.err())
                .contains(
                        "dataset real was not split: 2 speakers cannot fill train, val and test"
                                + " with at least one speaker each; use --by utterance or add"
                                + " speakers");
        assertThat(badBy.err()).contains("--by voice: expected speaker or utterance");
        assertThat(badShare.err()).contains("leave nothing to train on");
        assertThat(splitOf(db)).isEqualTo(before);
        assertThat(versions(db)).hasSize(1);
        CliRun byUtterance = CliRun.run(db, "dataset", "split", "real", "--by", "utterance");
        assertThat(byUtterance.exit()).as(byUtterance.err()).isZero();
        assertThat(versions(db)).hasSize(2);
        assertThat(Files.exists(manifest)).isTrue();
    }
}
