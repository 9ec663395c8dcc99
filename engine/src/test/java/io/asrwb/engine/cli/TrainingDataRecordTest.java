package io.asrwb.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.asrwb.engine.checkpoint.TrainingDataSummary;
import io.asrwb.engine.testing.DemoSubset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real one-step run records what it trained on ({@code training-data.json} in the run folder and
 * in its checkpoint, hashed with the rest), counted from a manifest whose utterances say their
 * {@code origin}; {@code transcribe --info} then says it.
 */
class TrainingDataRecordTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir Path dir;

    @Test
    void aRunRecordsHoursSpeakersAndOriginsAndInfoSaysThem() throws Exception {
        Path db = dir.resolve("catalog");
        // the shortest clips of the corpus: several voices, a step in seconds
        Path manifest = DemoSubset.writeShortest(dir.resolve("corpus"), "mini", 9, 2);
        // train utterances: real, synthetic (espeak-ng), and one in three not saying
        double seconds = 0;
        Set<String> speakers = new HashSet<>();
        Set<String> words = new HashSet<>();
        StringBuilder lines = new StringBuilder();
        int i = 0;
        for (String line : Files.readAllLines(manifest)) {
            ObjectNode o = (ObjectNode) JSON.readTree(line);
            if (o.path("split").asText().equals("train")) {
                if (i % 3 == 0) {
                    o.put("origin", "real");
                } else if (i % 3 == 1) {
                    o.put("origin", "Synthetic");
                    o.put("tts", "espeak-ng");
                }
                i++;
                seconds += o.path("duration").asDouble();
                speakers.add(o.path("speaker").asText());
                words.addAll(List.of(o.path("text").asText().split(" ")));
            }
            lines.append(JSON.writeValueAsString(o)).append('\n');
        }
        Files.writeString(manifest, lines);
        assertThat(speakers).as("voices in the subset").hasSizeGreaterThan(1);
        assertThat(
                        CliRun.run(
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
        Path config = dir.resolve("tiny.yaml");
        Files.writeString(
                config, TinyCliConfig.YAML.replace("  val_splits: []", "  val_splits: [val]"));
        Path run = dir.resolve("run");
        CliRun trained =
                CliRun.run(
                        db,
                        "train",
                        "--config",
                        config.toString(),
                        "--dataset",
                        "mini",
                        "--max-steps",
                        "1",
                        "--out",
                        run.toString());
        assertThat(trained.exit()).as(trained.err()).isZero();

        Path checkpoint = run.resolve("checkpoints/step-000000001");
        JsonNode summary = JSON.readTree(checkpoint.resolve(TrainingDataSummary.FILE).toFile());
        assertThat(summary.path("dataset").asText()).isEqualTo("mini");
        assertThat(summary.path("utterances").asInt()).isEqualTo(9);
        assertThat(summary.path("audioSeconds").asDouble()).isCloseTo(seconds, within());
        assertThat(summary.path("speakers").asInt()).isEqualTo(speakers.size());
        assertThat(summary.path("origins").path("real").asInt()).isEqualTo(3);
        assertThat(summary.path("origins").path("synthetic").asInt()).isEqualTo(3);
        assertThat(summary.path("origins").path("unknown").asInt()).isEqualTo(3);
        assertThat(summary.path("tts").toString()).isEqualTo("[\"espeak-ng\"]");
        assertThat(summary.path("vocabularySize").asInt()).isEqualTo(words.size());
        assertThat(summary.path("vocabulary")).hasSize(words.size());
        assertThat(summary.has("base")).isFalse();
        // the same file in the run folder from the start, and hashed in the checkpoint
        assertThat(run.resolve(TrainingDataSummary.FILE))
                .hasSameTextualContentAs(checkpoint.resolve(TrainingDataSummary.FILE));
        assertThat(Files.readString(checkpoint.resolve("SHA256SUMS")))
                .contains("  " + TrainingDataSummary.FILE);

        CliRun info = CliRun.run(db, "transcribe", "--model", run.toString(), "--info");
        assertThat(info.exit()).as(info.err()).isZero();
        assertThat(info.lines())
                .containsExactly(
                        "vocabulary: "
                                + words.size()
                                + " words (from the training text): "
                                + String.join(", ", vocabulary(summary)),
                        "trained on: "
                                + Math.round(seconds)
                                + " s, 9 utterances, "
                                + speakers.size()
                                + " speakers, 3 real + 3 synthetic (espeak-ng) + 3 not said");
    }

    private static List<String> vocabulary(JsonNode summary) {
        List<String> words = new ArrayList<>();
        summary.path("vocabulary").forEach(w -> words.add(w.asText()));
        return words;
    }

    private static Offset<Double> within() {
        return Offset.offset(1e-3); // the catalog measures durations, the manifest rounds them
    }
}
