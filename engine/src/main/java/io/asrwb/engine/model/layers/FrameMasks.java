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
        INDArray wide = mask.castTo(DataType.DOUBLE);
        INDArray perRow = wide.sum(1);
        double[] sums = perRow.toDoubleVector();
        NativeMemory.release(perRow, wide == mask ? null : wide);
        for (int b = 0; b < batch; b++) {
            lengths[b] = (int) Math.round(sums[b]);
        }
        return lengths;
    }

    /** A {@code [B,T]} mask with {@code lengths[b]} leading ones in row b. */
    public static INDArray mask(int[] lengths, int frames, DataType dataType) {
        INDArray mask = Nd4j.zeros(dataType, lengths.length, frames);
        for (int b = 0; b < lengths.length; b++) {
            int valid = Math.min(lengths[b], frames);
            if (valid > 0) {
                mask.getRow(b)
                        .get(org.nd4j.linalg.indexing.NDArrayIndex.interval(0, valid))
                        .assign(1);
            }
        }
        return mask;
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
