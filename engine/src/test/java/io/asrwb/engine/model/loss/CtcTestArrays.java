package io.asrwb.engine.model.loss;

import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/** Builds the DL4J-side arrays LossCtc receives, in double precision. */
final class CtcTestArrays {

    private CtcTestArrays() {}

    /** {@code [B,T,K]} batch-major scores to DL4J's {@code [B,K,T]} time-series layout. */
    static INDArray ncw(INDArray btk) {
        return btk.permute(0, 2, 1).dup('c');
    }

    /** {@code [B,S]} label ids as doubles, blank-padded. */
    static INDArray labels(int[][] transcripts) {
        int width = 1;
        for (int[] t : transcripts) {
            width = Math.max(width, t.length);
        }
        INDArray labels = Nd4j.zeros(DataType.DOUBLE, transcripts.length, width);
        for (int b = 0; b < transcripts.length; b++) {
            for (int s = 0; s < transcripts[b].length; s++) {
                labels.putScalar(b, s, transcripts[b][s]);
            }
        }
        return labels;
    }

    /** {@code [B,T]} 1s for the first {@code frames[b]} frames of each row, then 0s. */
    static INDArray frameMask(int maxFrames, int... frames) {
        INDArray mask = Nd4j.zeros(DataType.DOUBLE, frames.length, maxFrames);
        for (int b = 0; b < frames.length; b++) {
            for (int t = 0; t < frames[b]; t++) {
                mask.putScalar(b, t, 1.0);
            }
        }
        return mask;
    }

    /** Reference transcripts without their padding. */
    static int[][] transcripts(CtcReference.Case c) {
        int[][] out = new int[c.batchSize()][];
        for (int b = 0; b < out.length; b++) {
            out[b] = java.util.Arrays.copyOf(c.targets()[b], c.targetLengths()[b]);
        }
        return out;
    }
}
