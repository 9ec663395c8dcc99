package io.asrwb.app.finetune;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.curation.TextChecks;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.RecordedUtterances;
import io.asrwb.engine.testing.DemoSubset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.List;

/**
 * A recording dataset made as the Record tab makes it, without a microphone: the demo corpus's
 * shortest clips of one voice kept as takes ({@link RecordedUtterances}, real audio), each a
 * second apart on a fixed clock so every take gets its own id.
 */
final class RecordedTakes {

    private RecordedTakes() {}

    static void record(Catalog catalog, String dataset, Path root, int count) throws Exception {
        Path corpus = DemoSubset.demoCorpus();
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> rows =
                Files.readAllLines(corpus.resolve("demo.jsonl")).stream()
                        .map(l -> readTree(json, l))
                        .filter(r -> r.path("speaker").asText().equals("espeak-en-us-m1"))
                        .sorted(Comparator.comparingDouble(r -> r.path("duration").asDouble()))
                        .limit(count)
                        .toList();
        Instant start = Instant.parse("2026-11-28T10:00:00Z");
        new RecordedUtterances(catalog, TextChecks.ENGLISH, Clock.fixed(start, ZoneOffset.UTC))
                .create(dataset, root);
        for (int i = 0; i < rows.size(); i++) {
            JsonNode r = rows.get(i);
            Clock at = Clock.fixed(start.plus(Duration.ofSeconds(i + 1)), ZoneOffset.UTC);
            new RecordedUtterances(catalog, TextChecks.ENGLISH, at)
                    .add(
                            dataset,
                            AudioFiles.load(corpus.resolve(r.path("audio_filepath").asText())),
                            r.path("text").asText(),
                            "me",
                            Split.TRAIN);
        }
    }

    private static JsonNode readTree(ObjectMapper json, String line) {
        try {
            return json.readTree(line);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
