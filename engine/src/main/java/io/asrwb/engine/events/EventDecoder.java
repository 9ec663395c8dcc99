package io.asrwb.engine.events;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.asrwb.engine.config.ConfigException;
import io.asrwb.engine.config.ConfigMapper;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.config.RunConfigYaml;
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
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@link EventCodec}'s reading half. Lenient where the format grew (a field an older line lacks
 * reads as NaN, false, empty or null), never where it would guess: a type it does not know, or a
 * known type it cannot make sense of (a {@code finished} reason it has no name for), stays an
 * {@link Unknown} line.
 */
final class EventDecoder {

    private EventDecoder() {}

    static EventLine decode(ObjectNode o) {
        String type = o.path("type").asText();
        long step = o.path("step").asLong();
        Origin origin = origin(o);
        try {
            TrainingEvent event =
                    switch (type) {
                        case "started" -> started(o, step);
                        case "step" ->
                                new StepCompleted(
                                        step,
                                        o.path("epoch").asInt(),
                                        number(o, "loss"),
                                        number(o, "lr"),
                                        number(o, "seconds"),
                                        number(o, "utterancesPerSecond"),
                                        number(o, "audioSecondsPerSecond"),
                                        number(o, "gradientNorm"));
                        case "eval" ->
                                new EvalCompleted(
                                        step,
                                        number(o, "loss"),
                                        number(o, "wer"),
                                        number(o, "cer"),
                                        utterances(o.path("utterances")));
                        case "checkpoint" ->
                                new CheckpointSaved(
                                        step, path(o.path("path")), o.path("best").asBoolean());
                        case "skipped" ->
                                new BatchSkipped(
                                        step,
                                        texts(o.path("utterances")),
                                        text(o.path("reason")),
                                        o.path("wholeBatch").asBoolean());
                        case "flagged" ->
                                new UtteranceFlagged(
                                        step,
                                        o.path("utterance").textValue(),
                                        text(o.path("audio")),
                                        text(o.path("transcript")),
                                        text(o.path("reason")));
                        case "failed" -> new RunFailed(step, o.path("message").asText(""));
                        case "finished" ->
                                new RunFinished(
                                        step,
                                        FinishReason.valueOf(
                                                o.path("reason")
                                                        .asText()
                                                        .toUpperCase(Locale.ROOT)));
                        default -> null;
                    };
            if (event != null) {
                return new Training(event, origin);
            }
            if (type.equals(EventCodec.HEARTBEAT)) {
                return new Beat(step, instant(o.path("time")), text(o.path("hostname")), origin);
            }
        } catch (IllegalArgumentException | NullPointerException unreadable) {
            // a known type with fields this build cannot read: kept whole, below
        }
        return new Unknown(type, step, origin, o);
    }

    private static RunStarted started(ObjectNode o, long step) {
        return new RunStarted(
                step,
                path(o.path("runDir")),
                config(o.path("config")),
                text(o.path("backend")),
                texts(o.path("devices")),
                o.path("parameters").asLong(),
                o.path("resumed").asBoolean());
    }

    /**
     * The run's config, migrated from an older schema as config.yaml would be; null when the line
     * has none or this build cannot read it (the event is still a start: its step matters most).
     */
    private static RunConfig config(JsonNode node) {
        if (!node.isObject()) {
            return null;
        }
        try {
            String yaml = ConfigMapper.get().writeValueAsString(node);
            return RunConfigYaml.standard().read(yaml, "the config of a started event");
        } catch (ConfigException | java.io.IOException | RuntimeException unreadable) {
            return null;
        }
    }

    private static Origin origin(ObjectNode o) {
        JsonNode node = o.path("node").isTextual() ? o.path("node") : o.path("host");
        long gpu = o.path("gpuMemoryMiB").isNumber() ? o.path("gpuMemoryMiB").asLong() : -1;
        return node.isTextual() || gpu >= 0 ? new Origin(text(node), gpu) : Origin.NONE;
    }

    private static List<UtteranceResult> utterances(JsonNode rows) {
        List<UtteranceResult> out = new ArrayList<>();
        for (JsonNode row : rows) {
            out.add(
                    new UtteranceResult(
                            row.path("id").textValue(),
                            text(row.path("reference")),
                            text(row.path("hypothesis")),
                            number(row, "cer")));
        }
        return out;
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        for (JsonNode item : array) {
            out.add(item.asText());
        }
        return out;
    }

    private static double number(JsonNode o, String field) {
        JsonNode value = o.path(field);
        return value.isNumber() ? value.asDouble() : Double.NaN;
    }

    private static String text(JsonNode node) {
        return node.isTextual() ? node.asText() : null;
    }

    private static Path path(JsonNode node) {
        return node.isTextual() ? Path.of(node.asText()) : null;
    }

    private static Instant instant(JsonNode node) {
        try {
            return node.isTextual() ? Instant.parse(node.asText()) : null;
        } catch (DateTimeParseException unreadable) {
            return null;
        }
    }
}
