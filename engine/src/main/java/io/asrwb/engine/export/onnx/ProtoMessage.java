package io.asrwb.engine.export.onnx;

import com.google.protobuf.CodedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * One protobuf message being written field by field with protobuf-java's {@link CodedOutputStream}
 * and the field numbers of onnx.proto (see {@link OnnxFields}); nested messages are written to their
 * own {@code ProtoMessage} and added as bytes.
 */
final class ProtoMessage {

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final CodedOutputStream out = CodedOutputStream.newInstance(bytes);

    ProtoMessage string(int field, String value) {
        return write(() -> out.writeString(field, value));
    }

    ProtoMessage int64(int field, long value) {
        return write(() -> out.writeInt64(field, value));
    }

    ProtoMessage int32(int field, int value) {
        return write(() -> out.writeInt32(field, value));
    }

    ProtoMessage float32(int field, float value) {
        return write(() -> out.writeFloat(field, value));
    }

    ProtoMessage message(int field, ProtoMessage value) {
        return bytes(field, value.toByteArray());
    }

    ProtoMessage bytes(int field, byte[] value) {
        return write(() -> out.writeByteArray(field, value));
    }

    /** A repeated int64 as one packed field (proto3's encoding, which onnx.proto's readers accept). */
    ProtoMessage packedInt64(int field, long[] values) {
        ProtoMessage packed = new ProtoMessage();
        for (long v : values) {
            packed.write(() -> packed.out.writeInt64NoTag(v));
        }
        return bytes(field, packed.toByteArray());
    }

    /** Floats as little-endian bytes, ONNX's {@code raw_data} layout. */
    static byte[] littleEndian(float[] values) {
        ByteBuffer buffer = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        buffer.asFloatBuffer().put(values);
        return buffer.array();
    }

    /** Longs as little-endian bytes. */
    static byte[] littleEndian(long[] values) {
        ByteBuffer buffer = ByteBuffer.allocate(8 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        buffer.asLongBuffer().put(values);
        return buffer.array();
    }

    byte[] toByteArray() {
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
