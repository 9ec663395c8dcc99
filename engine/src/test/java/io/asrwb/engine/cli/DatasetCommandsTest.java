package io.asrwb.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.asrwb.engine.audio.WavWriter;
import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.data.ImportOutcome;
import io.asrwb.engine.data.ImportProgress;
import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.data.curation.TextChecks;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.CatalogImporter;
import io.asrwb.engine.store.Subprocess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** list, stats, check and the error paths, on a catalog filled through the importer with real WAVs. */
class DatasetCommandsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir Path dir;
    Path db;

    @BeforeEach
    void catalogWithTwelveClips() throws IOException {
        db = dir.resolve("catalog");
        Path root = Files.createDirectories(dir.resolve("corpus"));
        List<Utterance> utts = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            float[] x = new float[16_000 + 800 * i];
            for (int j = 0; j < x.length; j++) {
                x[j] = (float) (0.3 * Math.sin(2 * Math.PI * (200 + 50 * i) * j / 16_000.0));
            }
            if (i == 3) {
                for (int j = 0; j < x.length; j += 10) {
                    x[j] = 1f; // 10 % clipped
                }
            }
            WavWriter.writePcm16(root.resolve(i + ".wav"), x, 16_000, 1);
            utts.add(
                    new Utterance(
                            "u" + i,
                            i + ".wav",
                            x.length / 16_000.0,
                            "words number " + "abcdefghijkl".charAt(i),
                            "",
                            Split.TRAIN));
        }
        Files.copy(root.resolve("5.wav"), root.resolve("copy.wav"));
        utts.add(
                new Utterance(
                        "u12",
                        "copy.wav",
                        utts.get(5).durationSeconds(),
                        "words number f",
                        "",
                        Split.TRAIN));
        try (Catalog catalog = Catalog.open(db)) {
            new CatalogImporter(catalog, TextChecks.ENGLISH, Clock.systemUTC())
                    .store(
                            "demo",
                            new ImportOutcome(DatasetFormat.FOLDER, root, root, utts, List.of()),
                            ImportProgress.NONE);
        }
    }

    @Test
    void listShowsTheDatasetForPeopleAndAsJson() throws IOException {
        CliRun human = CliRun.run(db, "dataset", "list");
        assertThat(human.exit()).isZero();
        assertThat(human.out())
                .contains("NAME")
                .containsPattern("demo\\s+folder\\s+13\\s+0\\.00\\s+1");

        CliRun porcelain = CliRun.run(db, "--porcelain", "dataset", "list");
        assertThat(porcelain.lines()).hasSize(1);
        JsonNode row = JSON.readTree(porcelain.lines().get(0));
        assertThat(row.get("type").asText()).isEqualTo("dataset");
        assertThat(row.get("name").asText()).isEqualTo("demo");
        assertThat(row.get("utterances").asInt()).isEqualTo(13);
    }

    @Test
    void checkStoresAudioResultsAndStatsCountThem() throws IOException {
        CliRun check = CliRun.run(db, "dataset", "check", "demo");
        assertThat(check.exit()).as(check.err()).isZero();
        assertThat(check.out()).contains("checked 13 utterances: 0 unreadable, 1 exact duplicates");

        CliRun stats = CliRun.run(db, "dataset", "stats", "demo", "--porcelain");
        assertThat(stats.exit()).isZero();
        JsonNode s = JSON.readTree(stats.lines().get(0));
        assertThat(s.get("type").asText()).isEqualTo("stats");
        assertThat(s.get("utterances").asInt()).isEqualTo(13);
        assertThat(s.get("audioChecked").asInt()).isEqualTo(13);
        assertThat(s.get("flags").get("clipped").asInt()).isEqualTo(1);
        assertThat(s.get("flags").get("duplicate_audio").asInt()).isEqualTo(1);
        assertThat(s.get("flags").get("duplicate_transcript").asInt()).isEqualTo(2);
        assertThat(s.get("histogram").get(1).get("count").asInt()).isEqualTo(13); // all 1–2 s
        assertThat(s.get("manifestVersion").asInt()).isEqualTo(1);

        CliRun human = CliRun.run(db, "dataset", "stats", "demo");
        assertThat(human.out())
                .contains("demo: 13 utterances")
                .contains("duration histogram:")
                .containsPattern("1–2 s\\s+13 #+")
                .containsPattern("clipped\\s+1");
    }

    @Test
    void unknownDatasetNamesTheOnesThatExist() {
        CliRun r = CliRun.run(db, "dataset", "stats", "nope");
        assertThat(r.exit()).isEqualTo(ExitCodes.DATASET_NAME);
        assertThat(r.err())
                .contains("asrwb: no dataset named 'nope'")
                .contains("demo")
                .doesNotContain("Exception");
    }

    @Test
    void aCatalogHeldByAnotherProcessIsSharedWithTheCli() throws Exception {
        try (Subprocess holder = Subprocess.talk("hold", db)) {
            holder.await("ready");
            CliRun list = CliRun.run(db, "--porcelain", "dataset", "list");
            assertThat(list.exit()).as(list.err()).isZero();
            assertThat(list.out()).contains("\"demo\"");
            CliRun stats = CliRun.run(db, "dataset", "stats", "demo");
            assertThat(stats.exit()).as(stats.err()).isZero();
            assertThat(stats.out()).contains("demo: 13 utterances");
            assertThat(holder.finish()).isZero();
        }
    }

    @Test
    void aCatalogHeldByAWorkbenchThatDoesNotShareIsAClearMessageAndItsOwnExitCode()
            throws Exception {
        try (Subprocess older = Subprocess.talk("exclusive", db)) {
            older.await("ready");
            CliRun r = CliRun.run(db, "--porcelain", "dataset", "list");
            assertThat(r.exit()).isEqualTo(ExitCodes.CATALOG_IN_USE);
            assertThat(r.err())
                    .contains(
                            "the catalog at " + db + " is held by a process that does not share it")
                    .contains("--db PATH")
                    .doesNotContain("Exception");
            assertThat(r.out()).contains("\"type\":\"error\"").contains("\"exit\":3");
            assertThat(older.finish()).isZero();
        }
    }

    @Test
    void aCatalogHeldInThisProcessIsSharedWithTheCli() {
        try (Catalog held = Catalog.open(db)) {
            CliRun r = CliRun.run(db, "--porcelain", "dataset", "list");
            assertThat(r.exit()).as(r.err()).isZero();
            assertThat(r.out()).contains("\"demo\"");
        }
    }

    @Test
    void usageErrorsExitWithTwo() {
        assertThat(CliRun.run(db, "dataset").exit()).isEqualTo(ExitCodes.USAGE);
        CliRun r =
                CliRun.run(db, "dataset", "import", "--format", "mp4", "--name", "x", "somewhere");
        assertThat(r.exit()).isEqualTo(ExitCodes.USAGE);
        assertThat(r.err()).contains("unknown dataset format 'mp4'");
    }
}
