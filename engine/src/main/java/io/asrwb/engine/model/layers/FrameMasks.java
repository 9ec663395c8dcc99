package io.asrwb.engine.model.layers;

import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * Conversions between per-utterance frame counts and DL4J's time-series masks {@code [B,T]} (1 for
 * valid frames, then 0): the masks our layers take are always a prefix of ones.
 */
public final class FrameMasks {

    private FrameMasks() {}

    /** Valid frames per utterance; every frame when {@code mask} is null. */
    public static int[] lengths(INDArray mask, int batch, int frames) {
        int[] lengths = new int[batch];
        if (mask == null) {
            java.util.Arrays.fill(lengths, frames);
            return lengths;
        }
        if (mask.rank() != 2 || mask.size(0) != batch || mask.size(1) != frames) {
            throw new IllegalArgumentException(
                    "frame mask must be [batch="
                            + batch
                            + ", frames="
                            + frames
                            + "], got "
                            + java.util.Arrays.toString(mask.shape())
                            + "; pass the [B,T] mask of the features the layer receives");
        }
        double[] sums = rowSums(mask, batch, frames);
        for (int b = 0; b < batch; b++) {
            lengths[b] = (int) Math.round(sums[b]);
        }
        return lengths;
    }

    /**
     * Each row's sum, read straight from the mask's memory where it is a plain float or double
     * array (no ND4J call: three per layer and pass cost more than the sums), else through ND4J.
     */
    private static double[] rowSums(INDArray mask, int batch, int frames) {
        double[] sums = new double[batch];
        DataType type = mask.dataType();
        if ((type == DataType.FLOAT || type == DataType.DOUBLE) && NativeRows.applies(mask)) {
            java.nio.ByteBuffer bytes =
                    NativeRows.bytes(mask).order(java.nio.ByteOrder.nativeOrder());
            for (int b = 0; b < batch; b++) {
                for (int t = 0; t < frames; t++) {
                    int i = b * frames + t;
                    sums[b] +=
                            type == DataType.FLOAT ? bytes.getFloat(4 * i) : bytes.getDouble(8 * i);
                }
            }
            return sums;
        }
        INDArray wide = mask.castTo(DataType.DOUBLE);
        INDArray perRow = wide.sum(1);
        double[] values = perRow.toDoubleVector();
        NativeMemory.release(perRow, wide == mask ? null : wide);
        System.arraycopy(values, 0, sums, 0, batch);
        return sums;
    }

    /** A {@code [B,T]} mask with {@code lengths[b]} leading ones in row b. */
    public static INDArray mask(int[] lengths, int frames, DataType dataType) {
        double[] values = new double[lengths.length * frames];
        for (int b = 0; b < lengths.length; b++) {
            java.util.Arrays.fill(
                    values, b * frames, b * frames + Math.min(lengths[b], frames), 1.0);
        }
        return Nd4j.create(values, new long[] {lengths.length, frames}, dataType);
    }

    /** Output frames of each utterance after a convolution with {@code geometry}. */
    public static int[] afterConvolution(int[] lengths, ConvGeometry geometry) {
        int[] out = new int[lengths.length];
        for (int b = 0; b < lengths.length; b++) {
            out[b] = geometry.outputFrames(lengths[b]);
        }
        return out;
    }
}
