package io.asrwb.engine.model.layers;

import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * An array's values as a float buffer over its native memory where they lie in c order from
 * its start (a layer's own arrays), else over a copy (written back on close when writing).
 */
final class NativeFloats implements AutoCloseable {
    private final INDArray target;
    private final INDArray copy;
    private final FloatBuffer buffer;

    private NativeFloats(INDArray target, boolean write) {
        boolean direct = NativeRows.applies(target) && target.dataType() == DataType.FLOAT;
        this.target = write && !direct ? target : null;
        this.copy = direct ? null : NativeMemory.ownedCopy(target, DataType.FLOAT);
        this.buffer = floats(direct ? target : copy);
    }

    /**
     * Whether {@code a} ({@code [B, …, T]}, single precision, values in c order from its start) is
     * zero at every frame past each utterance's length: then masking it changes nothing. Reads
     * only those frames.
     */
    static boolean zeroPast(INDArray a, int[] lengths) {
        if (a.dataType() != DataType.FLOAT || !NativeRows.applies(a)) {
            return false;
        }
        int batch = (int) a.size(0);
        int frames = (int) a.size(a.rank() - 1);
        int rows = (int) (a.length() / ((long) batch * frames));
        FloatBuffer values = floats(a);
        for (int b = 0; b < batch; b++) {
            for (int r = 0; r < rows; r++) {
                int at = (b * rows + r) * frames;
                for (int t = Math.max(0, lengths[b]); t < frames; t++) {
                    if (values.get(at + t) != 0f) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    static NativeFloats reading(INDArray a) {
        return new NativeFloats(a, false);
    }

    static NativeFloats writing(INDArray a) {
        return new NativeFloats(a, true);
    }

    float get(int at) {
        return buffer.get(at);
    }

    void get(int at, float[] dst, int dstAt, int length) {
        buffer.get(at, dst, dstAt, length);
    }

    void put(int at, float[] src, int length) {
        buffer.put(at, src, 0, length);
    }

    @Override
    public void close() {
        if (copy != null) {
            if (target != null) {
                target.assign(copy);
            }
            NativeMemory.release(copy);
        }
    }

    private static FloatBuffer floats(INDArray a) {
        return NativeRows.bytes(a).order(ByteOrder.nativeOrder()).asFloatBuffer();
    }
}
