package io.asrwb.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.DatasetRepository;
import io.asrwb.engine.store.StoredUtterance;
import io.asrwb.engine.store.UtteranceRepository;
import io.asrwb.engine.testing.DemoSubset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A manifest's other fields (accent, mic …) survive import (catalog V7), export (NeMo keys,
 * SpeechBrain columns) and re-import, and {@code eval --errors --by FIELD} breaks the WER down by
 * them: real demo clips, the bundled demo model, a real catalog.
 */
class ManifestFieldsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir Path dir;

    @Test
    void fieldsSurviveImportExportAndReimportAndEvalBreaksWerDownByThem() throws Exception {
        Path db = dir.resolve("catalog");
        Path manifest = withFields(DemoSubset.write(dir.resolve("corpus"), 2.5, Map.of("test", 6)));
        assertThat(import_(db, "nemo", "mini", manifest).exit()).isZero();

        Map<String, Map<String, String>> stored = meta(db, "mini");
        assertThat(stored).hasSize(6);
        assertThat(stored.values())
                .allSatisfy(m -> assertThat(m).containsOnlyKeys("accent", "mic", "snr"));
        assertThat(stored.values()).anySatisfy(m -> assertThat(m).containsEntry("snr", "12.5"));

        Path nemoOut = dir.resolve("nemo-out");
        assertThat(
                        CliRun.run(
                                        db,
                                        "dataset",
                                        "export",
                                        "--format",
                                        "nemo",
                                        "mini",
                                        nemoOut.toString())
                                .exit())
                .isZero();
        String exported = Files.readString(nemoOut.resolve("test_manifest.json"));
        assertThat(exported).contains("\"accent\":\"scottish\"").contains("\"mic\":\"headset\"");

        Path sbOut = dir.resolve("sb-out");
        assertThat(
                        CliRun.run(
                                        db,
                                        "dataset",
                                        "export",
                                        "--format",
                                        "speechbrain",
                                        "mini",
                                        sbOut.toString())
                                .exit())
                .isZero();
        assertThat(Files.readAllLines(sbOut.resolve("test.csv")).get(0))
                .isEqualTo("ID,duration,wav,spk_id,wrd,accent,mic,snr");
        assertThat(import_(db, "speechbrain", "again", sbOut.resolve("test.csv")).exit()).isZero();
        assertThat(meta(db, "again")).isEqualTo(stored);

        Path errors = dir.resolve("errors.json");
        CliRun eval = evalBy(db, errors, "--by", "accent", "--by", "mic");
        assertThat(eval.exit()).as(eval.err()).isZero();
        assertThat(eval.out()).contains("WER by accent").contains("WER by mic");
        JsonNode byAccent = JSON.readTree(errors.toFile()).path("wer_by").path("accent");
        List<String> keys = new ArrayList<>();
        byAccent.forEach(g -> keys.add(g.path("key").asText()));
        assertThat(keys).containsExactly("scottish", "us");
        int utterances = 0;
        for (JsonNode g : byAccent) {
            utterances += g.path("utterances").asInt();
        }
        assertThat(utterances).isEqualTo(6);
    }

    @Test
    void aFieldNoUtteranceHasIsRefusedNamingTheFieldsThereAre() throws Exception {
        Path db = dir.resolve("catalog");
        Path manifest = withFields(DemoSubset.write(dir.resolve("corpus"), 2.5, Map.of("test", 2)));
        assertThat(import_(db, "nemo", "mini", manifest).exit()).isZero();

        CliRun eval = evalBy(db, dir.resolve("e.json"), "--by", "acent");

        assertThat(eval.exit()).isNotZero();
        assertThat(eval.err())
                .contains("no utterance of dataset mini has the manifest field 'acent'")
                .contains("fields present: accent, mic, snr")
                .doesNotContain("Exception");
    }

    /** The demo model's greedy eval of mini/test with --errors FILE and {@code by}. */
    private static CliRun evalBy(Path db, Path errors, String... by) {
        List<String> args =
                new ArrayList<>(
                        List.of(
                                "eval",
                                "--model",
                                DemoSubset.demoCorpus().resolveSibling("demo-model").toString(),
                                "--dataset",
                                "mini",
                                "--decoder",
                                "greedy",
                                "--errors",
                                errors.toString()));
        args.addAll(List.of(by));
        return CliRun.run(db, args.toArray(String[]::new));
    }

    private static CliRun import_(Path db, String format, String name, Path manifest) {
        CliRun r =
                CliRun.run(
                        db,
                        "dataset",
                        "import",
                        "--format",
                        format,
                        "--name",
                        name,
                        manifest.toString());
        assertThat(r.exit()).as(r.err() + r.out()).isZero();
        return r;
    }

    /** Adds accent and mic (alternating), a number and a nested value (not kept) to each line. */
    private static Path withFields(Path manifest) throws Exception {
        StringBuilder out = new StringBuilder();
        int i = 0;
        for (String line : Files.readAllLines(manifest)) {
            ObjectNode o = (ObjectNode) JSON.readTree(line);
            o.put("accent", i % 2 == 0 ? "scottish" : "us");
            o.put("mic", i % 3 == 0 ? "headset" : "laptop");
            o.put("snr", 12.5);
            o.putObject("nested").put("kept", false);
            out.append(JSON.writeValueAsString(o)).append('\n');
            i++;
        }
        Files.writeString(manifest, out);
        return manifest;
    }

    private static Map<String, Map<String, String>> meta(Path db, String dataset) {
        try (Catalog catalog = Catalog.open(db)) {
            return catalog.read(
                    c -> {
                        long id = new DatasetRepository(c).require(dataset).id();
                        Map<String, Map<String, String>> out = new java.util.TreeMap<>();
                        for (StoredUtterance s : new UtteranceRepository(c).of(id)) {
                            out.put(s.utterance().id(), s.utterance().meta());
                        }
                        return out;
                    });
        }
    }
}
