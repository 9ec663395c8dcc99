package io.asrwb.engine.model.layers;

import static org.nd4j.linalg.indexing.NDArrayIndex.all;
import static org.nd4j.linalg.indexing.NDArrayIndex.interval;
import static org.nd4j.linalg.indexing.NDArrayIndex.point;

import java.nio.ByteBuffer;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.indexing.INDArrayIndex;

/**
 * A convolution over time's input as its kernel's {@code k} shifted copies stacked, {@code [C·k,
 * n·T']}: row {@code c·k + j} holds channel {@code c} at the frames tap {@code j} reads for each
 * output frame of each example (zero where the tap reads padding). With {@code reversed}, row
 * {@code c·k + j} holds tap {@code k−1−j}: a transposed convolution then needs the weights only
 * transposed, not flipped.
 *
 * <p>At stride 1, from an array of ours, each row of each example is one bulk copy ({@link
 * NativeRows}); otherwise ND4J assigns each tap's strided view of a zero-padded copy.
 */
final class ShiftedCopies {

    private static final String STACKED = "conv1d.col";
    private static final String PADDED = "conv1d.shifted.padded";

    private final ConvGeometry g;

    ShiftedCopies(ConvGeometry geometry) {
        this.g = geometry;
    }

    /** Examples {@code [start, end)} of {@code x [B, C, 1, T]} stacked for {@code outFrames} output frames. */
    INDArray of(INDArray x, long start, long end, long outFrames, boolean reversed) {
        long channels = x.size(1);
        int k = g.kernelFrames();
        INDArray col =
                ScratchArrays.get(STACKED, x.dataType(), channels * k, (end - start) * outFrames);
        if (g.strideFrames() == 1 && NativeRows.applies(x)) {
            rows(x, (int) start, (int) end, (int) outFrames, reversed, col);
        } else {
            views(x, start, end, outFrames, reversed, col);
        }
        return col;
    }

    private int tapAt(int row, boolean reversed) {
        return reversed ? g.kernelFrames() - 1 - row : row;
    }

    private void rows(
            INDArray x, int start, int end, int outFrames, boolean reversed, INDArray col) {
        int channels = (int) x.size(1);
        int frames = (int) x.size(3);
        int k = g.kernelFrames();
        int n = end - start;
        int width = x.dataType().width();
        ByteBuffer src = NativeRows.bytes(x);
        ByteBuffer dst = NativeRows.bytes(col);
        for (int c = 0; c < channels; c++) {
            for (int j = 0; j < k; j++) {
                // output frame o reads input frame o + shift
                int shift = tapAt(j, reversed) * g.dilationFrames() - g.padFrames();
                int first = Math.min(outFrames, Math.max(0, -shift));
                int last = Math.max(first, Math.min(outFrames, frames - shift));
                for (int b = 0; b < n; b++) {
                    int row = ((c * k + j) * n + b) * outFrames;
                    int from = ((start + b) * channels + c) * frames + shift;
                    NativeRows.zero(dst, row * width, first * width);
                    NativeRows.copy(
                            src,
                            (from + first) * width,
                            dst,
                            (row + first) * width,
                            (last - first) * width);
                    NativeRows.zero(dst, (row + last) * width, (outFrames - last) * width);
                }
            }
        }
    }

    private void views(
            INDArray x, long start, long end, long outFrames, boolean reversed, INDArray col) {
        long channels = x.size(1);
        long frames = x.size(3);
        long n = end - start;
        int p = g.padFrames();
        INDArray source =
                x.reshape('c', x.size(0), channels, frames)
                        .get(interval(start, end))
                        .permute(1, 0, 2);
        INDArray padded = source;
        if (p > 0) {
            // without padding the copies read the input itself (a 1×1: one copy, not two)
            padded = ScratchArrays.get(PADDED, x.dataType(), channels, n, frames + 2L * p);
            padded.get(all(), all(), interval(0, p)).assign(0);
            padded.get(all(), all(), interval(p + frames, p + frames + p)).assign(0);
            padded.get(all(), all(), interval(p, p + frames)).assign(source);
        }
        INDArray taps = taps(col, channels, n, outFrames);
        for (int j = 0; j < g.kernelFrames(); j++) {
            taps.get(all(), point(j), all(), all())
                    .assign(padded.get(all(), all(), readFrames(tapAt(j, reversed), outFrames)));
        }
    }

    /** Stacked copies {@code [C·k, n·T']} seen as {@code [C, k, n, T']}: one view per tap. */
    static INDArray taps(INDArray col, long channels, long n, long outFrames) {
        return col.reshape('c', channels, col.size(0) / channels, n, outFrames);
    }

    /** The padded input's frames tap {@code tap} reads, one per output frame. */
    INDArrayIndex readFrames(int tap, long outFrames) {
        long first = (long) tap * g.dilationFrames();
        int stride = g.strideFrames();
        return stride == 1
                ? interval(first, first + outFrames)
                : interval(first, stride, first + stride * (outFrames - 1) + 1);
    }
}
