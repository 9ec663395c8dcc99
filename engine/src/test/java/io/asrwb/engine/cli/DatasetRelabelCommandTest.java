package io.asrwb.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.CurationRepository;
import io.asrwb.engine.store.CurationState;
import io.asrwb.engine.store.DatasetRepository;
import io.asrwb.engine.testing.DemoSubset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The re-label queue on a real catalog: demo clips with one transcript made wrong on purpose,
 * evaluated twice by the bundled demo model (greedy, then beam with its LM) and aligned with it;
 * the planted clip must come first, offered the model's hearing; accepting that takes it off.
 */
class DatasetRelabelCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A wrong label in the corpus's own words: what a swapped transcript looks like. */
    private static final String WRONG = "please turn left";

    @TempDir Path dir;

    @Test
    void aPlantedWrongTranscriptTopsTheQueueAndLeavesItOnceTheHypothesisIsAccepted()
            throws Exception {
        Path db = dir.resolve("catalog");
        Path manifest =
                withHardClips(DemoSubset.write(dir.resolve("corpus"), 10, Map.of("test", 225)));
        String planted = plant(manifest, 2);
        assertThat(
                        run(
                                        db,
                                        "dataset",
                                        "import",
                                        "--format",
                                        "nemo",
                                        "--name",
                                        "mini",
                                        manifest.toString())
                                .exit())
                .isZero();
        String model = DemoSubset.demoCorpus().resolveSibling("demo-model").toString();
        run(db, "eval", "--model", model, "--dataset", "mini");
        run(db, "align", "--model", model, "--dataset", "mini", "--split", "test");
        assertThat(queue(db).get(0).path("utt_id").asText())
                .as("first after one eval, where a clip the model mishears has a CER of 1.0")
                .isEqualTo(planted);
        run(db, "eval", "--model", model, "--dataset", "mini", "--decoder", "greedy");

        JsonNode queue = queue(db);
        assertThat(queue.size()).isGreaterThan(0);
        JsonNode top = queue.get(0);
        assertThat(top.path("utt_id").asText()).isEqualTo(planted);
        assertThat(top.path("transcript").asText()).isEqualTo(WRONG);
        assertThat(top.path("evals")).hasSize(2);
        assertThat(top.path("ref_confidence").isNumber()).isTrue();
        String heard = top.path("hypothesis").asText();
        assertThat(heard).isNotBlank().isNotEqualTo(WRONG);
        if (queue.size() > 1) {
            assertThat(top.path("score").asDouble())
                    .isGreaterThan(queue.get(1).path("score").asDouble());
        }

        CliRun human = run(db, "dataset", "relabel", "mini", "--split", "test", "--limit", "1");
        assertThat(human.out())
                .contains("  1. ")
                .contains(planted + " [test]")
                .contains("transcript: " + WRONG)
                .contains("heard:      " + heard);

        try (Catalog catalog = Catalog.open(db)) {
            catalog.read(
                    c -> {
                        long id = new DatasetRepository(c).require("mini").id();
                        new CurationRepository(c)
                                .save(
                                        id,
                                        new CurationState(
                                                planted,
                                                false,
                                                false,
                                                heard,
                                                "",
                                                "test",
                                                Instant.parse("2026-11-26T00:00:00Z")));
                        return null;
                    });
        }
        List<String> after = new ArrayList<>();
        queue(db).forEach(r -> after.add(r.path("utt_id").asText()));
        assertThat(after).doesNotContain(planted);
    }

    @Test
    void aDatasetNeverEvaluatedNorAlignedHasAnEmptyQueueSaidInOneLine() throws Exception {
        Path db = dir.resolve("catalog");
        Path manifest = DemoSubset.write(dir.resolve("corpus"), 2.5, Map.of("test", 2));
        run(db, "dataset", "import", "--format", "nemo", "--name", "mini", manifest.toString());

        CliRun r = run(db, "dataset", "relabel", "mini");

        assertThat(r.out()).contains("nothing to re-label in 'mini'");
        CliRun bad = CliRun.run(db, "dataset", "relabel", "mini", "--split", "dev2");
        assertThat(bad.exit()).isNotZero();
        assertThat(bad.err()).contains("--split dev2: expected train, val, test or all");
    }

    private static JsonNode queue(Path db) throws Exception {
        CliRun r = run(db, "dataset", "relabel", "mini", "--json", "--limit", "50");
        JsonNode doc = JSON.readTree(r.out());
        assertThat(doc.path("dataset").asText()).isEqualTo("mini");
        return doc.path("queue");
    }

    private static CliRun run(Path db, String... args) {
        CliRun r = CliRun.run(db, args);
        assertThat(r.exit()).as(String.join(" ", args) + "\n" + r.err()).isZero();
        return r;
    }

    /**
     * The first 6 clips and three the demo model mishears although their labels are right
     * ("eleven" heard as "go leond" …): the queue must tell a wrong label from a clip the model
     * cannot hear, or a saturated CER puts those first.
     */
    private static Path withHardClips(Path manifest) throws Exception {
        List<String> lines = Files.readAllLines(manifest);
        List<String> kept = new ArrayList<>(lines.subList(0, 6));
        for (String hard : List.of("flite-rms-026", "flite-rms-002", "flite-rms-044")) {
            lines.stream().filter(l -> l.contains("/" + hard + ".")).forEach(kept::add);
        }
        assertThat(kept).hasSize(9);
        Files.write(manifest, kept);
        return manifest;
    }

    /** Gives line {@code index} the transcript {@link #WRONG}; returns that utterance's id. */
    private static String plant(Path manifest, int index) throws Exception {
        List<String> lines = Files.readAllLines(manifest);
        ObjectNode o = (ObjectNode) JSON.readTree(lines.get(index));
        assertThat(o.path("text").asText()).isNotEqualTo(WRONG);
        o.put("text", WRONG);
        lines.set(index, JSON.writeValueAsString(o));
        Files.write(manifest, lines);
        String audio = o.path("audio_filepath").asText();
        return audio.substring(audio.lastIndexOf('/') + 1, audio.lastIndexOf('.'));
    }
}
