package io.asrwb.engine.events;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.Objects;

/**
 * One line of {@code events.jsonl} (or of {@code --porcelain} training output) as {@link
 * EventCodec} reads it: a {@link TrainingEvent}, a {@link Beat} of the process's {@link
 * Heartbeat}, or a line of a type this build does not know, kept as it is.
 */
public sealed interface EventLine {

    /** The run's last step when the line was written. */
    long step();

    /** Where the line came from, for the job view's node lanes; {@link Origin#NONE} when unsaid. */
    Origin origin();

    /** Calls the visitor's method for this kind of line (see {@link TrainingEvent#accept}). */
    <R> R accept(Visitor<R> visitor);

    /** One method per kind of line: a new kind breaks every visitor until it handles it. */
    interface Visitor<R> {
        R training(Training line);

        R beat(Beat line);

        R unknown(Unknown line);
    }

    /**
     * The node that wrote a line and the GPU memory it reported, when the line says so. A
     * single-node run names no node (its lines come from the job's host); a multi-node plan may
     * name one in {@code node} (older lines: {@code host}).
     *
     * @param node the node named by the line, or null
     * @param gpuMemoryMiB GPU memory in use, or -1 when the line reports none
     */
    record Origin(String node, long gpuMemoryMiB) {
        public static final Origin NONE = new Origin(null, -1);
    }

    /** A training event, the lines every listener of a local run sees too. */
    record Training(TrainingEvent event, Origin origin) implements EventLine {
        public Training {
            Objects.requireNonNull(event, "event");
            Objects.requireNonNull(origin, "origin");
        }

        public Training(TrainingEvent event) {
            this(event, Origin.NONE);
        }

        @Override
        public long step() {
            return event.step();
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.training(this);
        }
    }

    /**
     * The process is alive ({@code Heartbeat}): no training progress, so no {@link TrainingEvent}.
     *
     * @param time when it beat, or null when the line has no readable time
     * @param hostname the box's own name (not the job's host, which is its inventory name)
     * @param origin its GPU memory in use ({@code gpuMemoryMiB}, CUDA only)
     */
    record Beat(long step, Instant time, String hostname, Origin origin) implements EventLine {
        public Beat {
            Objects.requireNonNull(origin, "origin");
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.beat(this);
        }
    }

    /**
     * A line whose {@code type} this build does not know (written by a newer engine), or a known
     * type whose fields it cannot read: kept whole, never taken for another type.
     *
     * @param fields the line's JSON object, as written
     */
    record Unknown(String type, long step, Origin origin, ObjectNode fields) implements EventLine {
        public Unknown {
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(origin, "origin");
            fields = fields.deepCopy();
        }

        @Override
        public ObjectNode fields() {
            return fields.deepCopy();
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.unknown(this);
        }
    }
}
