package io.asrwb.engine.events;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.asrwb.engine.events.EventLine.Beat;
import io.asrwb.engine.events.EventLine.Origin;
import io.asrwb.engine.events.EventLine.Training;
import io.asrwb.engine.events.EventLine.Unknown;
import io.asrwb.engine.events.TrainingEvent.BatchSkipped;
import io.asrwb.engine.events.TrainingEvent.CheckpointSaved;
import io.asrwb.engine.events.TrainingEvent.EvalCompleted;
import io.asrwb.engine.events.TrainingEvent.RunFailed;
import io.asrwb.engine.events.TrainingEvent.RunFinished;
import io.asrwb.engine.events.TrainingEvent.RunStarted;
import io.asrwb.engine.events.TrainingEvent.StepCompleted;
import io.asrwb.engine.events.TrainingEvent.UtteranceFlagged;
import io.asrwb.engine.json.Json;
import java.io.IOException;
import java.util.Optional;

/**
 * The event protocol, both ways: a {@link TrainingEvent} or {@link EventLine} as one line of JSON
 * in {@code events.jsonl} and {@code --porcelain} stdout, and such a line read back. The one
 * writer and the one reader of these lines; docs/decisions/event-protocol.md says why and how the
 * format may change.
 *
 * <p>A line is an object with {@code type} (started, step, eval, checkpoint, skipped, flagged,
 * failed, finished, heartbeat) and {@code step}; step events carry {@code loss}, eval events {@code wer}
 * and {@code cer}; started events {@code backend} (ND4J's class), {@code backendName} ({@code
 * nd4j-native} or {@code cuda}) and {@code devices}. Non-finite numbers are written as {@code
 * null} and read back as NaN, as is a number a line lacks.
 */
public final class EventCodec {

    /** The {@code type} of a {@code Heartbeat}'s line. */
    public static final String HEARTBEAT = "heartbeat";

    private static final TrainingEvent.Visitor<String> TYPE =
            new TrainingEvent.Visitor<>() {
                @Override
                public String started(RunStarted e) {
                    return "started";
                }

                @Override
                public String step(StepCompleted e) {
                    return "step";
                }

                @Override
                public String eval(EvalCompleted e) {
                    return "eval";
                }

                @Override
                public String checkpoint(CheckpointSaved e) {
                    return "checkpoint";
                }

                @Override
                public String skipped(BatchSkipped e) {
                    return "skipped";
                }

                @Override
                public String flagged(UtteranceFlagged e) {
                    return "flagged";
                }

                @Override
                public String failed(RunFailed e) {
                    return "failed";
                }

                @Override
                public String finished(RunFinished e) {
                    return "finished";
                }
            };

    private EventCodec() {}

    /** The {@code type} field of an event. */
    public static String typeOf(TrainingEvent event) {
        return event.accept(TYPE);
    }

    /** The {@code type} field of a line. */
    public static String typeOf(EventLine line) {
        return line.accept(
                new EventLine.Visitor<>() {
                    @Override
                    public String training(Training t) {
                        return typeOf(t.event());
                    }

                    @Override
                    public String beat(Beat b) {
                        return HEARTBEAT;
                    }

                    @Override
                    public String unknown(Unknown u) {
                        return u.type();
                    }
                });
    }

    /** One line of JSON, no line break. */
    public static String encode(TrainingEvent event) {
        return write(toJson(event), typeOf(event));
    }

    /** One line of JSON, no line break; an {@link Unknown} line as it was read. */
    public static String encode(EventLine line) {
        ObjectNode o =
                line.accept(
                        new EventLine.Visitor<>() {
                            @Override
                            public ObjectNode training(Training t) {
                                return origin(toJson(t.event()), t.origin());
                            }

                            @Override
                            public ObjectNode beat(Beat b) {
                                return origin(EventEncoder.beat(b), b.origin());
                            }

                            @Override
                            public ObjectNode unknown(Unknown u) {
                                return u.fields();
                            }
                        });
        return write(o, typeOf(line));
    }

    /**
     * The line read back; empty for a line that is no JSON object with a textual {@code type} (a
     * line cut off when its writer was killed, a blank line).
     */
    public static Optional<EventLine> decode(String line) {
        JsonNode node;
        try {
            node = Json.mapper().readTree(line);
        } catch (IOException torn) {
            return Optional.empty();
        }
        if (node == null || !node.isObject() || !node.path("type").isTextual()) {
            return Optional.empty();
        }
        return Optional.of(EventDecoder.decode((ObjectNode) node));
    }

    /** The event as a JSON object, as {@link #encode(TrainingEvent)} writes it. */
    public static ObjectNode toJson(TrainingEvent event) {
        return EventEncoder.toJson(event);
    }

    private static ObjectNode origin(ObjectNode o, Origin origin) {
        if (origin.node() != null) {
            o.put("node", origin.node());
        }
        if (origin.gpuMemoryMiB() >= 0) {
            o.put("gpuMemoryMiB", origin.gpuMemoryMiB());
        }
        return o;
    }

    private static String write(ObjectNode o, String type) {
        try {
            return Json.mapper().writeValueAsString(o);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a " + type + " event as JSON", e);
        }
    }
}
