package io.asrwb.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.asrwb.engine.audio.SampleEncoding;
import io.asrwb.engine.audio.WavWriter;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.CurationRepository;
import io.asrwb.engine.store.CurationState;
import io.asrwb.engine.store.DatasetRepository;
import io.asrwb.engine.store.StoredUtterance;
import io.asrwb.engine.store.UtteranceRepository;
import io.asrwb.engine.testing.DemoSubset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code train} names the utterances behind a non-finite loss where users look (its output and
 * events.jsonl: id, reason, audio, transcript), the catalog flags them with the reason, and the run
 * trains on: a real import of demo clips plus two planted ones (a quarter second with a sentence of
 * transcript, which CTC cannot align, and a float WAV of NaN samples), two epochs of the tiny DS2.
 */
class NonFiniteFlagCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String LONG_TEXT =
            "please turn left then go forward ten meters and stop at the door";

    @TempDir Path dir;

    @Test
    void trainNamesFlagsAndTrainsOn() throws Exception {
        Path db = dir.resolve("catalog");
        Path corpus = dir.resolve("corpus");
        Path manifest = DemoSubset.writeShortest(corpus, "mini", 6, 0);
        plant(manifest, corpus);
        CliRun imported =
                CliRun.run(
                        db,
                        "dataset",
                        "import",
                        "--format",
                        "nemo",
                        "--name",
                        "mini",
                        manifest.toString());
        assertThat(imported.exit()).as(imported.err()).isZero();
        Path config = dir.resolve("tiny.yaml");
        Files.writeString(config, TinyCliConfig.YAML + "train:\n  epochs: 2\n");
        Path run = dir.resolve("run");

        CliRun trained =
                CliRun.run(
                        db,
                        "train",
                        "--config",
                        config.toString(),
                        "--dataset",
                        "mini",
                        "--out",
                        run.toString());

        assertThat(trained.exit()).as(trained.err()).isZero();
        Map<String, StoredUtterance> byFile = utterancesByFile(db);
        StoredUtterance crammedClip = byFile.get("crammed.wav");
        StoredUtterance nanClip = byFile.get("nan.wav");
        String crammedLine = line(trained, "flagged " + crammedClip.utterance().id() + ": ");
        assertThat(crammedLine)
                .containsPattern(
                        "CTC loss is infinite: \\d+ labels need at least \\d+ output frames, the"
                                + " clip gives \\d+ \\(audio ")
                .contains(corpus.resolve("planted/crammed.wav").toString())
                .contains("transcript \"" + LONG_TEXT + "\"");
        assertThat(line(trained, "flagged " + nanClip.utterance().id() + ": "))
                .contains("non-finite")
                .contains("features hold NaN or infinite values")
                .contains(corpus.resolve("planted/nan.wav").toString());
        // each named once; the run went on to its last epoch, no batch given up
        assertThat(trained.lines()).filteredOn(l -> l.contains(": flagged ")).hasSize(2);
        assertThat(trained.out()).contains("max_epochs").doesNotContain("failed");
        List<ObjectNode> events = events(run);
        assertThat(events).filteredOn(e -> type(e, "flagged")).hasSize(2);
        assertThat(events)
                .filteredOn(e -> type(e, "skipped"))
                .noneMatch(e -> e.path("wholeBatch").asBoolean());
        List<ObjectNode> steps = events.stream().filter(e -> type(e, "step")).toList();
        assertThat(steps)
                .hasSize(4)
                .allSatisfy(s -> assertThat(s.path("loss").isNumber()).isTrue());
        long lastFlag =
                events.stream()
                        .filter(e -> type(e, "flagged"))
                        .mapToLong(e -> e.path("step").asLong())
                        .max()
                        .orElseThrow();
        assertThat(steps.get(steps.size() - 1).path("step").asLong()).isGreaterThan(lastFlag);

        try (Catalog catalog = Catalog.open(db)) {
            long id = catalog.read(c -> new DatasetRepository(c).require("mini").id());
            Map<String, CurationState> curation =
                    catalog.read(c -> new CurationRepository(c).of(id));
            assertThat(curation)
                    .containsOnlyKeys(crammedClip.utterance().id(), nanClip.utterance().id());
            CurationState crammedState = curation.get(crammedClip.utterance().id());
            assertThat(crammedState.flagged()).isTrue();
            assertThat(crammedState.excluded()).isFalse();
            assertThat(crammedState.note())
                    .startsWith("training: CTC loss is infinite: ")
                    .isEqualTo(
                            "training: "
                                    + crammedLine.substring(
                                            crammedLine.indexOf("CTC"),
                                            crammedLine.indexOf(" (audio ")));
            assertThat(curation.get(nanClip.utterance().id()).flagged()).isTrue();
            assertThat(curation.get(nanClip.utterance().id()).note())
                    .startsWith("training: non-finite")
                    .contains("features hold NaN");
        }
    }

    /** Adds a 0.25 s tone with a sentence of transcript and 0.8 s of NaN samples to the manifest. */
    private static void plant(Path manifest, Path corpus) throws Exception {
        Path planted = Files.createDirectories(corpus.resolve("planted"));
        float[] tone = new float[4000];
        for (int k = 0; k < tone.length; k++) {
            tone[k] = (float) (0.3 * Math.sin(2 * Math.PI * 330 * k / 16_000));
        }
        WavWriter.writePcm16(planted.resolve("crammed.wav"), tone, 16_000, 1);
        float[] nan = new float[12_800];
        Arrays.fill(nan, Float.NaN);
        WavWriter.write(planted.resolve("nan.wav"), nan, 16_000, 1, SampleEncoding.F32LE);
        StringBuilder lines = new StringBuilder(Files.readString(manifest));
        lines.append(entry("planted/crammed.wav", 0.25, LONG_TEXT)).append('\n');
        lines.append(entry("planted/nan.wav", 0.8, "stop")).append('\n');
        Files.writeString(manifest, lines);
    }

    private static String entry(String audio, double seconds, String text) throws Exception {
        ObjectNode o = JSON.createObjectNode();
        o.put("audio_filepath", audio);
        o.put("duration", seconds);
        o.put("text", text);
        o.put("speaker", "planted");
        o.put("split", "train");
        return JSON.writeValueAsString(o);
    }

    private static Map<String, StoredUtterance> utterancesByFile(Path db) {
        try (Catalog catalog = Catalog.open(db)) {
            return catalog.read(
                    c -> {
                        long id = new DatasetRepository(c).require("mini").id();
                        return new UtteranceRepository(c)
                                .of(id).stream()
                                        .collect(
                                                Collectors.toMap(
                                                        s ->
                                                                Path.of(s.utterance().audio())
                                                                        .getFileName()
                                                                        .toString(),
                                                        s -> s));
                    });
        }
    }

    private static String line(CliRun run, String containing) {
        return run.lines().stream()
                .filter(l -> l.contains(containing))
                .findFirst()
                .orElseThrow(
                        () ->
                                new AssertionError(
                                        "no line with '"
                                                + containing
                                                + "' in:\n"
                                                + run.out()
                                                + run.err()));
    }

    private static List<ObjectNode> events(Path run) throws Exception {
        return Files.readAllLines(run.resolve("events.jsonl")).stream()
                .map(
                        l -> {
                            try {
                                return (ObjectNode) JSON.readTree(l);
                            } catch (Exception e) {
                                throw new IllegalStateException(e);
                            }
                        })
                .toList();
    }

    private static boolean type(ObjectNode event, String type) {
        return event.path("type").asText().equals(type);
    }
}
