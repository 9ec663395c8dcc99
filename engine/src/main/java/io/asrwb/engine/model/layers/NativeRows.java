package io.asrwb.engine.model.layers;

import java.nio.ByteBuffer;
import org.bytedeco.javacpp.BytePointer;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * Copies between arrays whose values lie one after the other in c order, one bulk memory copy
 * per run of adjacent values, through direct byte buffers over the native memory.
 *
 * <p>Why: ND4J's assign of a permuted or shifted view walks it value by value; on the 2-core
 * machine that ran the convolutions' shifted copies at ~3 GB/s and was a fifth of a Wav2Letter
 * step (docs/decisions/idle-threads-and-row-copies.md). The rows here are 100–2000 values long,
 * so a copy per row runs at memory speed. Byte copies serve every data type alike. One thread:
 * split over the two cores the copies ran slower in a step (0.69–0.70 s against 0.67 s a
 * Wav2Letter step), competing with the BLAS and OpenMP threads of the products around them.
 */
final class NativeRows {

    private static final ByteBuffer ZEROS = ByteBuffer.allocateDirect(1 << 16);

    private NativeRows() {}

    /**
     * Whether each array's values lie in c order, one after the other, from where its buffer view
     * starts (ours do, and so do parameter views; a permuted or strided view does not).
     */
    static boolean applies(INDArray... arrays) {
        for (INDArray a : arrays) {
            if (!adjacentInCOrder(a) || a.length() * a.dataType().width() > Integer.MAX_VALUE) {
                return false;
            }
        }
        return true;
    }

    /** Each axis's stride is the product of the later axes' sizes (axes of size 1 aside). */
    private static boolean adjacentInCOrder(INDArray a) {
        long expected = 1;
        for (int axis = a.rank() - 1; axis >= 0; axis--) {
            if (a.size(axis) != 1 && a.stride(axis) != expected) {
                return false;
            }
            expected *= a.size(axis);
        }
        return true;
    }

    /**
     * The bytes of {@code a} (which {@link #applies}), as a buffer over its native memory: a view's
     * buffer address already points at its first value.
     */
    static ByteBuffer bytes(INDArray a) {
        long size = a.length() * a.dataType().width();
        return new BytePointer(a.data().addressPointer()).capacity(size).limit(size).asBuffer();
    }

    /** Copies {@code length} bytes from {@code src} at {@code from} to {@code dst} at {@code to}. */
    static void copy(ByteBuffer src, int from, ByteBuffer dst, int to, int length) {
        if (length > 0) {
            dst.put(to, src, from, length);
        }
    }

    /** Zeroes {@code length} bytes of {@code dst} from {@code at}. */
    static void zero(ByteBuffer dst, int at, int length) {
        for (int done = 0; done < length; done += ZEROS.capacity()) {
            dst.put(at + done, ZEROS, 0, Math.min(ZEROS.capacity(), length - done));
        }
    }

    /**
     * {@code dst[j, i, :] = src[i, j, :]} for {@code src [outer, inner, row]}: one bulk copy per row
     * where both arrays {@link #applies}, else ND4J's assign of the permuted view.
     */
    static void swapLeadingAxes(INDArray src, INDArray dst) {
        if (applies(src, dst)) {
            swapLeadingAxes(
                    bytes(src),
                    0,
                    bytes(dst),
                    0,
                    (int) src.size(0),
                    (int) src.size(1),
                    (int) src.size(2) * src.dataType().width());
        } else {
            dst.assign(src.permute(1, 0, 2));
        }
    }

    /**
     * {@code dst[j, i, :] = src[i, j, :]} for {@code i < outer}, {@code j < inner}: the first two
     * axes of a {@code [outer, inner, row]} array swapped, rows of {@code rowBytes} bytes; {@code
     * src} and {@code dst} start at the byte offsets given.
     */
    static void swapLeadingAxes(
            ByteBuffer src, int from, ByteBuffer dst, int to, int outer, int inner, int rowBytes) {
        for (int i = 0; i < outer; i++) {
            for (int j = 0; j < inner; j++) {
                copy(
                        src,
                        from + (i * inner + j) * rowBytes,
                        dst,
                        to + (j * outer + i) * rowBytes,
                        rowBytes);
            }
        }
    }
}
