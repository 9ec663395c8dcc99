package io.asrwb.app.errors;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.asrwb.engine.json.Json;
import io.asrwb.engine.testing.DemoSubset;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Test utterances of the demo corpus, the first with a wrong label: its first word replaced
 * (a substitution), a word added after the second (a deletion: the model does not say it) and its
 * last word dropped (an insertion). The demo model hears the short clips right, so the errors the
 * view shows are these three, known in advance.
 */
final class MislabelledSubset {

    static final String WRONG = "zzz";
    static final String EXTRA = "qqq";

    private MislabelledSubset() {}

    static Path write(Path root, int count) throws IOException {
        Path manifest = DemoSubset.write(root, 3.0, Map.of("test", count));
        List<String> lines = new ArrayList<>(Files.readAllLines(manifest));
        ObjectNode first = (ObjectNode) Json.mapper().readTree(lines.get(0));
        String[] words = first.path("text").asText().strip().split("\\s+");
        if (words.length < 3) {
            throw new IllegalStateException("the first demo test clip has under 3 words");
        }
        List<String> label = new ArrayList<>(List.of(words).subList(0, words.length - 1));
        label.set(0, WRONG);
        label.add(2, EXTRA);
        first.put("text", String.join(" ", label));
        lines.set(0, Json.mapper().writeValueAsString(first));
        Files.write(manifest, lines);
        return manifest;
    }
}
