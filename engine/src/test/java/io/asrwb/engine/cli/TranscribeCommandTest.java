package io.asrwb.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.asrwb.engine.bench.LongAudioFile;
import io.asrwb.engine.transcribe.Segment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code asrwb transcribe}: the line per file as before, segments of a long file as they are decoded. */
class TranscribeCommandTest {

    private static final Path ASSETS = Path.of("../assets");
    private static final String MODEL = ASSETS.resolve("demo-model").toString();
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir Path dir;

    @Test
    void infoSaysTheDemoModelsVocabularyAndTrainingDataWithoutAudio() {
        CliRun run = CliRun.run(dir.resolve("catalog"), "transcribe", "--model", MODEL, "--info");
        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.lines()).hasSize(2);
        assertThat(run.lines().get(0))
                .startsWith("vocabulary: 61 words (from lm.arpa): again, around, back, call,")
                .endsWith(", zero")
                .doesNotContain("<unk>")
                .doesNotContain("<s>");
        assertThat(run.lines().get(1))
                .isEqualTo(
                        "trained on: 16.8 h, 34 286 utterances, 739 voices, all synthetic"
                                + " (espeak-ng, flite)");
    }

    @Test
    void infoOfACheckpointThatRecordsNothingSaysSo() throws Exception {
        Path old =
                Path.of(
                        TranscribeCommandTest.class
                                .getResource("/checkpoint-compat/format1-schema2-plain/checkpoint")
                                .toURI());
        CliRun run =
                CliRun.run(
                        dir.resolve("catalog"), "transcribe", "--model", old.toString(), "--info");
        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.lines())
                .containsExactly(
                        "vocabulary: unknown (no LM and no recorded training text)",
                        "trained on: not recorded (the checkpoint has no training-data.json)");
    }

    @Test
    void aShortFileGivesOneLineAsBefore() {
        Path clip = ASSETS.resolve("demo-corpus/audio/espeak-en-f2/espeak-en-f2-000.flac");
        CliRun run =
                CliRun.run(dir.resolve("catalog"), "transcribe", "--model", MODEL, clip.toString());
        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.lines()).hasSize(1);
        assertThat(run.lines().get(0))
                .startsWith(clip + "\t")
                .hasSizeGreaterThan(clip.toString().length() + 1);
    }

    @Test
    void porcelainGivesSegmentsThenTheTranscript() throws Exception {
        Path wav = dir.resolve("long.wav");
        LongAudioFile.write(wav, 75, ASSETS.resolve("demo-corpus/test.jsonl"), 0.4);
        CliRun run =
                CliRun.run(
                        dir.resolve("catalog"),
                        "--porcelain",
                        "transcribe",
                        "--model",
                        MODEL,
                        wav.toString());
        assertThat(run.exit()).as(run.err()).isZero();

        List<JsonNode> segments = new ArrayList<>();
        JsonNode transcript = null;
        for (String line : run.lines()) {
            JsonNode n = JSON.readTree(line);
            if (n.get("type").asText().equals("segment")) {
                assertThat(transcript).as("segments come before the transcript").isNull();
                assertThat(n.get("file").asText()).isEqualTo(wav.toString());
                segments.add(n);
            } else {
                assertThat(n.get("type").asText()).isEqualTo("transcript");
                transcript = n;
            }
        }
        assertThat(segments)
                .hasSizeGreaterThanOrEqualTo(
                        3); // 75 s (over the 60 s whole-file limit) in 30 s windows
        double previousEnd = 0;
        List<String> texts = new ArrayList<>();
        for (JsonNode s : segments) {
            assertThat(s.get("start").asDouble()).isGreaterThanOrEqualTo(previousEnd);
            assertThat(s.get("end").asDouble()).isGreaterThan(s.get("start").asDouble());
            previousEnd = s.get("end").asDouble();
            texts.add(s.get("text").asText());
        }
        assertThat(previousEnd).isLessThanOrEqualTo(75.0);
        assertThat(transcript).isNotNull();
        assertThat(transcript.get("text").asText()).isEqualTo(String.join(" ", texts));
    }

    @Test
    void timestampsPrintEachSegmentStamped() throws Exception {
        Path wav = dir.resolve("long.wav");
        LongAudioFile.write(wav, 65, ASSETS.resolve("demo-corpus/test.jsonl"), 0.4);
        CliRun run =
                CliRun.run(
                        dir.resolve("catalog"),
                        "transcribe",
                        "--timestamps",
                        "--model",
                        MODEL,
                        wav.toString());
        assertThat(run.exit()).as(run.err()).isZero();
        List<String> lines = run.lines();
        assertThat(lines.get(0)).startsWith("[00:00:00] ");
        assertThat(lines.subList(0, lines.size() - 1))
                .allMatch(l -> l.matches("\\[\\d\\d:\\d\\d:\\d\\d] .*"));
        assertThat(lines.get(lines.size() - 1)).startsWith(wav + "\t");
    }

    @Test
    void stampsReadAsHoursMinutesSeconds() {
        assertThat(new Segment(0, 1, "").clock()).isEqualTo("00:00:00");
        assertThat(new Segment(3 * 3600 + 25 * 60 + 7.9, 12_400, "").clock()).isEqualTo("03:25:07");
    }
}
