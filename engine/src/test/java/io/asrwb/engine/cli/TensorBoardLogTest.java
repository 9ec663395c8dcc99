package io.asrwb.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.asrwb.engine.tensorboard.EventFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.proto.Event;
import org.tensorflow.proto.SessionLog;
import org.tensorflow.proto.Summary;

/**
 * A run's TensorBoard log, read back with TensorFlow's own classes: a {@code train} SIGKILLed
 * after its first checkpoint and a {@code resume} to the end each leave an event file whose scalars
 * are the numbers of their events.jsonl lines (tag, step, value), with the config as text; the
 * killed one reads up to its last record, and TensorBoard's restart rule shows each step once.
 */
class TensorBoardLogTest {

    private static final int STEPS = 8;

    /** events.jsonl field → TensorBoard tag, for each line type with numbers. */
    private static final Map<String, Map<String, String>> TAGS =
            Map.of(
                    "step",
                    linked(
                            "loss", "train/loss",
                            "lr", "train/learning_rate",
                            "gradientNorm", "train/gradient_norm",
                            "utterancesPerSecond", "train/utterances_per_second",
                            "audioSecondsPerSecond", "train/audio_seconds_per_second"),
                    "eval",
                    linked(
                            "loss",
                            "validation/loss",
                            "wer",
                            "validation/wer",
                            "cer",
                            "validation/cer"));

    private static final String CONFIG =
            TinyCliConfig.YAML.replace(
                            "  batch_size: 4\n", "  batch_size: 4\n  max_duration_s: 0.6\n")
                    + "train:\n  epochs: 100\n  eval_every_steps: 2\n  checkpoint_every_steps: 3\n";

    @TempDir Path dir;

    @Test
    void trainAndResumeEachWriteAnEventFileOfTheirEvents() throws Exception {
        Path db = dir.resolve("catalog");
        Path config = dir.resolve("run.yaml");
        Files.writeString(config, CONFIG);
        String manifest = TrainingChild.demoManifest().toString();
        assertThat(
                        CliRun.run(
                                        db,
                                        "dataset",
                                        "import",
                                        "--format",
                                        "nemo",
                                        "--name",
                                        "demo",
                                        manifest)
                                .exit())
                .isZero();
        Path run = dir.resolve("run");
        Process train =
                TrainingChild.start(
                        db,
                        "train",
                        "--config",
                        config.toString(),
                        "--dataset",
                        "demo",
                        "--out",
                        run.toString(),
                        "--max-steps",
                        String.valueOf(STEPS));
        TrainingChild.await(run, TrainingChild.type("eval", 4), train);
        TrainingChild.kill(train);
        Path tensorboard = run.resolve("tensorboard");
        assertThat(EventFiles.in(tensorboard)).hasSize(1);

        CliRun resume = CliRun.run(db, "resume", run.toString());
        assertThat(resume.exit()).as(resume.err()).isZero();

        List<Path> files = EventFiles.in(tensorboard);
        assertThat(files).hasSize(2);
        List<List<JsonNode>> attempts = attempts(TrainingChild.events(run));
        assertThat(attempts).hasSize(2);
        String configYaml = Files.readString(run.resolve("config.yaml"));
        for (int i = 0; i < 2; i++) {
            boolean killed = i == 0;
            List<Event> events = EventFiles.read(files.get(i), killed);
            List<JsonNode> lines = attempts.get(i);
            long startStep = lines.get(0).path("step").asLong();
            assertThat(events.get(0).getFileVersion()).isEqualTo("brain.Event:2");
            assertThat(events.get(1).getSessionLog().getStatus())
                    .isEqualTo(SessionLog.SessionStatus.START);
            assertThat(events.get(1).getStep())
                    .as("the restart is at the first step the attempt computes")
                    .isEqualTo(startStep + 1);
            Summary.Value text = events.get(2).getSummary().getValue(0);
            assertThat(events.get(2).getStep()).isEqualTo(startStep);
            assertThat(text.getTag()).isEqualTo("config");
            assertThat(text.getMetadata().getPluginData().getPluginName()).isEqualTo("text");
            assertThat(
                            text.getTensor()
                                            .getStringVal(0)
                                            .toStringUtf8()
                                            .replaceAll("(?m)^    ", "")
                                    + "\n")
                    .isEqualTo(configYaml);

            List<List<String>> written = new ArrayList<>();
            events.subList(3, events.size()).forEach(e -> written.add(points(e)));
            List<List<String>> expected = new ArrayList<>();
            lines.forEach(line -> expected.add(points(line)));
            expected.removeIf(List::isEmpty);
            if (killed) { // the kill may fall between an event's line and its record
                assertThat(written.size()).isBetween(expected.size() - 1, expected.size());
                assertThat(expected.subList(0, written.size())).isEqualTo(written);
            } else {
                assertThat(written).isEqualTo(expected);
            }
        }
        assertThat(String.join("\n", points(attempts.get(1).get(1))))
                .as("a step's record: every scalar the brief lists")
                .contains(
                        "train/loss@",
                        "train/learning_rate@",
                        "train/gradient_norm@",
                        "train/audio_seconds_per_second@");
        assertThat(asTensorBoardShows(files, "train/loss"))
                .as("restarts purge what the killed attempt wrote after the checkpoint")
                .isEqualTo(floats(TrainingChild.folded(run, "step", "loss")));
        assertThat(asTensorBoardShows(files, "validation/wer").keySet())
                .isEqualTo(TrainingChild.folded(run, "eval", "wer").keySet());
    }

    /** events.jsonl cut into attempts, each from its {@code started} line. */
    private static List<List<JsonNode>> attempts(List<JsonNode> lines) {
        List<List<JsonNode>> attempts = new ArrayList<>();
        for (JsonNode line : lines) {
            if (line.path("type").asText().equals("started")) {
                attempts.add(new ArrayList<>());
            }
            attempts.get(attempts.size() - 1).add(line);
        }
        return attempts;
    }

    /** A line's numbers as "tag@step=value" (as floats, which TensorBoard keeps). */
    private static List<String> points(JsonNode line) {
        List<String> out = new ArrayList<>();
        TAGS.getOrDefault(line.path("type").asText(), Map.of())
                .forEach(
                        (field, tag) -> {
                            if (line.path(field).isNumber()) {
                                out.add(
                                        point(
                                                tag,
                                                line.path("step").asLong(),
                                                (float) line.path(field).asDouble()));
                            }
                        });
        return out;
    }

    private static List<String> points(Event e) {
        List<String> out = new ArrayList<>();
        for (Summary.Value v : e.getSummary().getValueList()) {
            out.add(point(v.getTag(), e.getStep(), v.getSimpleValue()));
        }
        return out;
    }

    private static String point(String tag, long step, float value) {
        return tag + "@" + step + "=" + value;
    }

    /**
     * One series as TensorBoard shows it: the files in name order, a restart ({@code SessionLog}
     * START) dropping what came before it at its step and later.
     */
    private static Map<Long, Float> asTensorBoardShows(List<Path> files, String tag)
            throws IOException {
        TreeMap<Long, Float> shown = new TreeMap<>();
        for (Path file : files) {
            for (Event e : EventFiles.read(file, true)) {
                if (e.getSessionLog().getStatus() == SessionLog.SessionStatus.START) {
                    shown.tailMap(e.getStep(), true).clear();
                }
                for (Summary.Value v : e.getSummary().getValueList()) {
                    if (v.getTag().equals(tag)) {
                        shown.put(e.getStep(), v.getSimpleValue());
                    }
                }
            }
        }
        return shown;
    }

    private static Map<Long, Float> floats(Map<Long, Double> values) {
        Map<Long, Float> out = new TreeMap<>();
        values.forEach((step, value) -> out.put(step, (float) (double) value));
        return out;
    }

    private static Map<String, String> linked(String... keysAndValues) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }
}
