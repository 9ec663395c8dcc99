package io.asrwb.engine.events;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.events.EventLine.Beat;
import io.asrwb.engine.events.EventLine.Origin;
import io.asrwb.engine.events.EventLine.Training;
import io.asrwb.engine.events.EventLine.Unknown;
import io.asrwb.engine.events.TrainingEvent.BatchSkipped;
import io.asrwb.engine.events.TrainingEvent.CheckpointSaved;
import io.asrwb.engine.events.TrainingEvent.EvalCompleted;
import io.asrwb.engine.events.TrainingEvent.FinishReason;
import io.asrwb.engine.events.TrainingEvent.RunFailed;
import io.asrwb.engine.events.TrainingEvent.RunFinished;
import io.asrwb.engine.events.TrainingEvent.RunStarted;
import io.asrwb.engine.events.TrainingEvent.StepCompleted;
import io.asrwb.engine.events.TrainingEvent.UtteranceFlagged;
import io.asrwb.engine.events.TrainingEvent.UtteranceResult;
import io.asrwb.engine.json.Json;
import io.asrwb.engine.train.RunAttempts;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/** The event protocol: every type both ways, heartbeats, unknown types, lines of earlier builds. */
class EventCodecTest {

    /** Lines written by the engine on 2026-11-26 (a run resumed twice); run folder made relative. */
    private static final String FIXTURE = "events-2026-11-26.jsonl";

    static List<TrainingEvent> oneOfEachType() {
        RunConfig config = RunConfig.defaults();
        return List.of(
                new RunStarted(
                        4,
                        Path.of("runs", "r1"),
                        config,
                        "CpuBackend",
                        List.of("cpu"),
                        13013,
                        true),
                new StepCompleted(5, 1, 3.25, 5e-4, 0.31, 12.5, 6.0625),
                new StepCompleted(6, 1, Double.NaN, 5e-4, 0.3, Double.NaN, 6.0),
                new StepCompleted(7, 1, 3.0, 5e-4, 0.3, 12.0, 6.0, 0.875),
                new EvalCompleted(
                        6,
                        40.5,
                        0.75,
                        0.5,
                        List.of(
                                new UtteranceResult("u1", "ten", "tan", 1.0 / 3),
                                new UtteranceResult("u2", "go", "", 1))),
                new EvalCompleted(8, Double.NaN, Double.NaN, Double.NaN, List.of()),
                new CheckpointSaved(
                        6, Path.of("runs", "r1", "checkpoints", "step-000000006"), true),
                new BatchSkipped(7, List.of("u3", "u4"), "non-finite loss", true),
                new UtteranceFlagged(
                        7,
                        "u3",
                        "/data/u3.wav",
                        "go \"left\"",
                        "CTC loss is infinite: 12 labels need at least 14 output frames, the clip"
                                + " gives 9"),
                new RunFailed(7, "out of memory: use a smaller data.batch_size"),
                new RunFinished(8, FinishReason.STOPPED_BY_USER));
    }

    @Test
    void everyEventTypeComesBackAsItWasWritten() {
        List<TrainingEvent> events = oneOfEachType();
        assertThat(events.stream().map(Object::getClass).distinct())
                .as("the samples cover every type of the sealed interface")
                .containsExactlyInAnyOrder(TrainingEvent.class.getPermittedSubclasses());
        for (TrainingEvent event : events) {
            String line = EventCodec.encode(event);
            assertThat(line).doesNotContain("\n");
            assertThat(EventCodec.decode(line)).as(line).contains(new Training(event));
            assertThat(EventCodec.typeOf(EventCodec.decode(line).orElseThrow()))
                    .isEqualTo(EventCodec.typeOf(event));
        }
        assertThat(
                        EventCodec.decode(
                                EventCodec.encode(
                                        new StepCompleted(
                                                1, 0, Double.POSITIVE_INFINITY, 0, 0, 0, 0))))
                .as("any non-finite number is written null and read NaN")
                .contains(new Training(new StepCompleted(1, 0, Double.NaN, 0, 0, 0, 0)));
        assertThat(events.stream().map(EventCodec::typeOf).distinct())
                .containsExactly(
                        "started",
                        "step",
                        "eval",
                        "checkpoint",
                        "skipped",
                        "flagged",
                        "failed",
                        "finished");
    }

    @Test
    void heartbeatsAndNodeNamesComeBackToo() {
        Beat cpu = new Beat(12, Instant.parse("2026-11-26T08:21:59.011377408Z"), "vm", Origin.NONE);
        Beat gpu =
                new Beat(12, Instant.parse("2026-11-26T08:22:29Z"), "gpu1", new Origin(null, 5120));
        Training named =
                new Training(new StepCompleted(3, 0, 2, 1e-3, 1, 2, 3), new Origin("w2", 4096));
        for (EventLine line : List.of(cpu, gpu, named)) {
            assertThat(EventCodec.decode(EventCodec.encode(line))).contains(line);
        }
        assertThat(EventCodec.encode(cpu))
                .isEqualTo(
                        "{\"type\":\"heartbeat\",\"step\":12,\"time\":\"2026-11-26T08:21:59.011377408Z\","
                            + "\"hostname\":\"vm\"}");
        assertThat(EventCodec.encode(gpu)).endsWith(",\"gpuMemoryMiB\":5120}");
        assertThat(
                        EventCodec.decode("{\"type\":\"step\",\"step\":1,\"host\":\"w1\"}")
                                .orElseThrow()
                                .origin()
                                .node())
                .as("older lines name the node 'host'")
                .isEqualTo("w1");
    }

    @Test
    void aTypeThisBuildDoesNotKnowIsKeptAsItIsNeverTakenForAnother() throws IOException {
        String newer = "{\"type\":\"profile\",\"step\":9,\"node\":\"w1\",\"layers\":[1,2]}";
        EventLine line = EventCodec.decode(newer).orElseThrow();
        assertThat(line).isInstanceOf(Unknown.class);
        assertThat(EventCodec.typeOf(line)).isEqualTo("profile");
        assertThat(line.step()).isEqualTo(9);
        assertThat(line.origin().node()).isEqualTo("w1");
        assertThat(EventCodec.encode(line)).isEqualTo(newer);
        assertThat(RunAttempts.startsAt(line)).isEmpty();

        EventLine oddEnd =
                EventCodec.decode("{\"type\":\"finished\",\"step\":3,\"reason\":\"tired\"}")
                        .orElseThrow();
        assertThat(oddEnd)
                .as("a known type with a value this build has no name for")
                .isInstanceOf(Unknown.class);
        assertThat(EventCodec.typeOf(oddEnd)).isEqualTo("finished");
    }

    @Test
    void linesThatAreNoEventAreNone() {
        assertThat(EventCodec.decode("{\"type\":\"ste")).as("cut off by a kill").isEmpty();
        assertThat(EventCodec.decode("[1,2]")).isEmpty();
        assertThat(EventCodec.decode("")).isEmpty();
        assertThat(EventCodec.decode("{\"step\":3}")).as("no type").isEmpty();
        assertThat(EventCodec.decode("{\"type\":7}")).isEmpty();
    }

    @Test
    void linesOfEarlierBuildsAreStillRead() throws IOException {
        List<String> lines = fixture();
        List<EventLine> read = lines.stream().map(l -> EventCodec.decode(l).orElseThrow()).toList();

        assertThat(read).noneMatch(l -> l instanceof Unknown);
        assertThat(read.stream().map(EventCodec::typeOf).distinct())
                .containsExactlyInAnyOrder(
                        "started", "step", "eval", "checkpoint", "heartbeat", "finished");
        assertThat(
                        read.stream()
                                .mapToLong(l -> RunAttempts.startsAt(l).orElse(-1))
                                .filter(k -> k >= 0))
                .containsExactly(0L, 2L, 25L);
        RunStarted first = (RunStarted) ((Training) read.get(0)).event();
        assertThat(first.config()).as("schema 1, migrated as config.yaml would be").isNotNull();
        assertThat(first.config().schemaVersion()).isEqualTo(RunConfig.CURRENT_SCHEMA_VERSION);
        assertThat(first.config().train().maxSteps()).isEqualTo(30);
        assertThat(first.devices()).containsExactly("cpu");
        assertThat(read.get(read.size() - 1))
                .isEqualTo(new Training(new RunFinished(30, FinishReason.MAX_STEPS)));
        Beat beat =
                read.stream()
                        .filter(Beat.class::isInstance)
                        .map(Beat.class::cast)
                        .findFirst()
                        .orElseThrow();
        assertThat(beat.hostname()).isEqualTo("vm");
        assertThat(beat.time()).isEqualTo(Instant.parse("2026-11-26T08:21:59.011377408Z"));

        for (int i = 0; i < lines.size(); i++) {
            JsonNode written = Json.mapper().readTree(lines.get(i));
            JsonNode again = Json.mapper().readTree(EventCodec.encode(read.get(i)));
            if (written.path("type").asText().equals("started")) {
                // the config comes back migrated to this build's schema; the rest as it was
                ((com.fasterxml.jackson.databind.node.ObjectNode) written).remove("config");
                ((com.fasterxml.jackson.databind.node.ObjectNode) again).remove("config");
            }
            assertThat(again).as("line " + (i + 1)).isEqualTo(written);
        }
    }

    @Test
    void aStartedLineWithoutTheFieldsAddedLaterIsStillAStart() throws Exception {
        // before backendName (and, in hand-made lines, without config or runDir)
        EventLine line =
                EventCodec.decode(
                                "{\"type\":\"started\",\"step\":25,"
                                    + "\"backend\":\"CpuBackend\",\"devices\":[\"cpu\"],\"parameters\":1,\"resumed\":true}")
                        .orElseThrow();
        assertThat(RunAttempts.startsAt(line)).hasValue(25);
        RunStarted started = (RunStarted) ((Training) line).event();
        assertThat(started.config()).isNull();
        assertThat(started.runDir()).isNull();
        assertThat(Json.mapper().readTree(EventCodec.encode(line)).path("backendName").asText())
                .isEqualTo(ComputeBackend.nameOf("CpuBackend"));
    }

    static List<String> fixture() throws IOException {
        try (InputStream in =
                Objects.requireNonNull(
                        EventCodecTest.class.getResourceAsStream(FIXTURE), FIXTURE)) {
            return Arrays.stream(new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n"))
                    .filter(l -> !l.isBlank())
                    .toList();
        }
    }
}
