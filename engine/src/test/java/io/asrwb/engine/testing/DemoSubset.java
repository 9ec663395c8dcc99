package io.asrwb.engine.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Part of the bundled demo corpus as a dataset of its own, for tests of every module: a NeMo
 * manifest with its audio copied beside it (the importer refuses audio outside the manifest's
 * folder). Published in the engine's test-jar; remote and app depend on it in test scope.
 */
public final class DemoSubset {

    private static final ObjectMapper JSON = new ObjectMapper();

    private DemoSubset() {}

    /**
     * Utterances of at most {@code maxSeconds}, in the corpus's order, at most {@code
     * perSplit.get(split)} of each split named (a split not named is left out), written under {@code
     * root} as {@code subset.jsonl}.
     *
     * @return the manifest
     */
    public static Path write(Path root, double maxSeconds, Map<String, Integer> perSplit) {
        List<JsonNode> chosen = new ArrayList<>();
        Map<String, Integer> taken = new HashMap<>();
        for (JsonNode u : corpus()) {
            String split = u.path("split").asText();
            if (u.path("duration").asDouble() <= maxSeconds
                    && taken.merge(split, 1, Integer::sum) <= perSplit.getOrDefault(split, 0)) {
                chosen.add(u);
            }
        }
        return copy(chosen, root, "subset.jsonl");
    }

    /** The first {@code count} training utterances of at most {@code maxSeconds}. */
    public static Path write(Path root, int count, double maxSeconds) {
        return write(root, maxSeconds, Map.of("train", count));
    }

    /**
     * The {@code train} shortest training and {@code val} shortest validation utterances (training
     * first), written under {@code root} as {@code NAME.jsonl}.
     *
     * @return the manifest
     */
    public static Path writeShortest(Path root, String name, int train, int val) {
        List<JsonNode> chosen = new ArrayList<>(shortest("train", train));
        chosen.addAll(shortest("val", val));
        return copy(chosen, root, name + ".jsonl");
    }

    /**
     * The first {@code perSpeaker} utterances of at most {@code maxSeconds} of each of the corpus's
     * first {@code speakers} speakers, whatever their split, written without the {@code split} key
     * (as most NeMo manifests are) under {@code root} as {@code unsplit.jsonl}.
     *
     * @return the manifest
     */
    public static Path writeUnsplit(Path root, int speakers, int perSpeaker, double maxSeconds) {
        Map<String, Integer> taken = new LinkedHashMap<>();
        List<JsonNode> chosen = new ArrayList<>();
        for (JsonNode u : corpus()) {
            String speaker = u.path("speaker").asText();
            if (u.path("duration").asDouble() > maxSeconds
                    || (!taken.containsKey(speaker) && taken.size() == speakers)
                    || taken.getOrDefault(speaker, 0) == perSpeaker) {
                continue;
            }
            taken.merge(speaker, 1, Integer::sum);
            ObjectNode line = (ObjectNode) u.deepCopy();
            line.remove("split");
            chosen.add(line);
        }
        return copy(chosen, root, "unsplit.jsonl");
    }

    /** The bundled corpus's folder ({@code assets/demo-corpus}), found above the working folder. */
    public static Path demoCorpus() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            Path corpus = p.resolve("assets/demo-corpus");
            if (Files.isRegularFile(corpus.resolve("demo.jsonl"))) {
                return corpus;
            }
        }
        throw new IllegalStateException(
                "assets/demo-corpus/demo.jsonl not found above " + Path.of("").toAbsolutePath());
    }

    /** The bundled corpus's manifest. */
    public static Path demoManifest() {
        return demoCorpus().resolve("demo.jsonl");
    }

    private static List<JsonNode> shortest(String split, int count) {
        List<JsonNode> of =
                corpus().stream()
                        .filter(u -> u.path("split").asText().equals(split))
                        .sorted(Comparator.comparingDouble(u -> u.path("duration").asDouble()))
                        .toList();
        if (of.size() < count) {
            throw new IllegalStateException(
                    "the demo corpus has " + of.size() + " " + split + " utterances, not " + count);
        }
        return of.subList(0, count);
    }

    private static List<JsonNode> corpus() {
        try {
            List<JsonNode> out = new ArrayList<>();
            for (String line : Files.readAllLines(demoManifest())) {
                if (!line.isBlank()) {
                    out.add(JSON.readTree(line));
                }
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path copy(List<JsonNode> utterances, Path root, String manifestName) {
        try {
            Path demo = demoCorpus();
            StringBuilder lines = new StringBuilder();
            for (JsonNode u : utterances) {
                String audio = u.path("audio_filepath").asText();
                Path target = root.resolve(audio);
                Files.createDirectories(target.getParent());
                Files.copy(demo.resolve(audio), target);
                lines.append(JSON.writeValueAsString(u)).append('\n');
            }
            Path manifest = Files.createDirectories(root).resolve(manifestName);
            Files.writeString(manifest, lines);
            return manifest;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
