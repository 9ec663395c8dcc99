package io.asrwb.engine.proto;

import com.google.protobuf.CodedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * One protobuf message being written field by field with protobuf-java's {@link CodedOutputStream}
 * and the field numbers of its {@code .proto} (onnx.proto for the ONNX export, TensorFlow's
 * event.proto for TensorBoard logs): the official wire encoder, without protoc or generated classes
 * in the build. Nested messages are written to their own {@code ProtoMessage} and added as bytes.
 */
public final class ProtoMessage {

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final CodedOutputStream out = CodedOutputStream.newInstance(bytes);

    public ProtoMessage string(int field, String value) {
        return write(() -> out.writeString(field, value));
    }

    public ProtoMessage int64(int field, long value) {
        return write(() -> out.writeInt64(field, value));
    }

    public ProtoMessage int32(int field, int value) {
        return write(() -> out.writeInt32(field, value));
    }

    public ProtoMessage float32(int field, float value) {
        return write(() -> out.writeFloat(field, value));
    }

    public ProtoMessage float64(int field, double value) {
        return write(() -> out.writeDouble(field, value));
    }

    public ProtoMessage message(int field, ProtoMessage value) {
        return bytes(field, value.toByteArray());
    }

    public ProtoMessage bytes(int field, byte[] value) {
        return write(() -> out.writeByteArray(field, value));
    }

    /** A repeated int64 as one packed field (proto3's encoding, which onnx.proto's readers accept). */
    public ProtoMessage packedInt64(int field, long[] values) {
        ProtoMessage packed = new ProtoMessage();
        for (long v : values) {
            packed.write(() -> packed.out.writeInt64NoTag(v));
        }
        return bytes(field, packed.toByteArray());
    }

    /** Floats as little-endian bytes, ONNX's {@code raw_data} layout. */
    public static byte[] littleEndian(float[] values) {
        ByteBuffer buffer = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        buffer.asFloatBuffer().put(values);
        return buffer.array();
    }

    /** Longs as little-endian bytes. */
    public static byte[] littleEndian(long[] values) {
        ByteBuffer buffer = ByteBuffer.allocate(8 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        buffer.asLongBuffer().put(values);
        return buffer.array();
    }

    public byte[] toByteArray() {
        write(out::flush);
        return bytes.toByteArray();
    }

    private interface FieldWrite {
        void run() throws IOException;
    }

    private ProtoMessage write(FieldWrite w) {
        try {
            w.run();
        } catch (IOException e) {
            // a CodedOutputStream over a ByteArrayOutputStream has nowhere to fail
            throw new UncheckedIOException(e);
        }
        return this;
    }
}
