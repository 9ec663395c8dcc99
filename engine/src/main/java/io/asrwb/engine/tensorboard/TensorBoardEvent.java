package io.asrwb.engine.tensorboard;

import io.asrwb.engine.proto.ProtoMessage;
import java.nio.charset.StandardCharsets;

/**
 * One {@code tensorflow.Event} (tensorflow/core/util/event.proto) written by field number with the
 * engine's {@link ProtoMessage}, as the ONNX export writes onnx.proto. Hand-encoded rather than
 * generated: TensorBoard needs a dozen field numbers (below, from event.proto, summary.proto,
 * tensor.proto and types.proto) for scalars, text and restarts, while generated classes would need
 * protoc in the build or TensorFlow's 4 MB jar (and its JavaCPP dependency) on the engine's class
 * path. The tests parse every record with TensorFlow's own generated classes.
 */
public final class TensorBoardEvent {

    /** What TensorBoard expects in the first event of a file (version 2: restarts are marked). */
    public static final String FILE_VERSION = "brain.Event:2";

    // Event
    private static final int EVENT_WALL_TIME = 1;
    private static final int EVENT_STEP = 2;
    private static final int EVENT_FILE_VERSION = 3;
    private static final int EVENT_SUMMARY = 5;
    private static final int EVENT_SESSION_LOG = 7;
    // Summary and Summary.Value
    private static final int SUMMARY_VALUE = 1;
    private static final int VALUE_TAG = 1;
    private static final int VALUE_SIMPLE_VALUE = 2;
    private static final int VALUE_TENSOR = 8;
    private static final int VALUE_METADATA = 9;
    // SummaryMetadata and its PluginData
    private static final int METADATA_PLUGIN_DATA = 1;
    private static final int METADATA_DATA_CLASS = 4;
    private static final int PLUGIN_NAME = 1;
    private static final int DATA_CLASS_TENSOR = 2;
    // TensorProto
    private static final int TENSOR_DTYPE = 1;
    private static final int TENSOR_SHAPE = 2;
    private static final int TENSOR_STRING_VAL = 8;
    private static final int DT_STRING = 7;
    // SessionLog
    private static final int SESSION_LOG_STATUS = 1;
    private static final int SESSION_START = 1;

    private final double wallTime;
    private final long step;
    private final ProtoMessage summary = new ProtoMessage();
    private boolean hasValues;

    private TensorBoardEvent(double wallTime, long step) {
        this.wallTime = wallTime;
        this.step = step;
    }

    /** An event at {@code step}, to which values are added; wall time in seconds since 1970. */
    public static TensorBoardEvent at(double wallTime, long step) {
        return new TensorBoardEvent(wallTime, step);
    }

    /** The event that opens a file: {@link #FILE_VERSION}. */
    static byte[] fileVersion(double wallTime) {
        return new ProtoMessage()
                .float64(EVENT_WALL_TIME, wallTime)
                .string(EVENT_FILE_VERSION, FILE_VERSION)
                .toByteArray();
    }

    /**
     * A (re)start at {@code step}: TensorBoard drops what the files before it recorded at this step
     * and later, as a resumed run computes those steps again.
     */
    public static byte[] sessionStart(double wallTime, long step) {
        return new ProtoMessage()
                .float64(EVENT_WALL_TIME, wallTime)
                .int64(EVENT_STEP, step)
                .message(
                        EVENT_SESSION_LOG,
                        new ProtoMessage().int32(SESSION_LOG_STATUS, SESSION_START))
                .toByteArray();
    }

    /** A point of the scalar series {@code tag} (a float, as TensorBoard keeps it). */
    public TensorBoardEvent scalar(String tag, float value) {
        return value(new ProtoMessage().string(VALUE_TAG, tag).float32(VALUE_SIMPLE_VALUE, value));
    }

    /**
     * {@code text} for the text plugin under {@code tag}: a string scalar tensor, which TensorBoard
     * shows as Markdown.
     */
    public TensorBoardEvent text(String tag, String text) {
        ProtoMessage metadata =
                new ProtoMessage()
                        .message(
                                METADATA_PLUGIN_DATA,
                                new ProtoMessage().string(PLUGIN_NAME, "text"))
                        .int32(METADATA_DATA_CLASS, DATA_CLASS_TENSOR);
        ProtoMessage tensor =
                new ProtoMessage()
                        .int32(TENSOR_DTYPE, DT_STRING)
                        .message(TENSOR_SHAPE, new ProtoMessage()) // no dimensions: a scalar
                        .bytes(TENSOR_STRING_VAL, text.getBytes(StandardCharsets.UTF_8));
        return value(
                new ProtoMessage()
                        .string(VALUE_TAG, tag)
                        .message(VALUE_METADATA, metadata)
                        .message(VALUE_TENSOR, tensor));
    }

    /** Whether a value was added. */
    public boolean hasValues() {
        return hasValues;
    }

    /** The event's bytes, for one record. */
    public byte[] toByteArray() {
        ProtoMessage event = new ProtoMessage().float64(EVENT_WALL_TIME, wallTime);
        event.int64(EVENT_STEP, step);
        if (hasValues) {
            event.message(EVENT_SUMMARY, summary);
        }
        return event.toByteArray();
    }

    private TensorBoardEvent value(ProtoMessage value) {
        summary.message(SUMMARY_VALUE, value);
        hasValues = true;
        return this;
    }
}
