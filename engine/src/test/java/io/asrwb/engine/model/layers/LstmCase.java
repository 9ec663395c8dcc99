package io.asrwb.engine.model.layers;

import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/** A float LSTM layer's weights and a batch for it, drawn from a seed; D directions. */
record LstmCase(
        INDArray x,
        INDArray mask,
        int[] lengths,
        INDArray w,
        INDArray rw,
        INDArray bias,
        int hidden) {

    private static final int N_IN = 5;
    private static final int HIDDEN = 4;

    /** Three utterances of 9, 6 and 2 frames, masked. */
    static LstmCase masked(long seed, int directions) {
        return draw(seed, directions, new int[] {9, 6, 2}, true, HIDDEN);
    }

    /** Two utterances of 8 frames, no mask. */
    static LstmCase unmasked(long seed, int directions) {
        return draw(seed, directions, new int[] {8, 8}, false, HIDDEN);
    }

    /**
     * Four masked utterances of 80 to 20 frames and 64 units: a sequence's arrays large enough for
     * the buffer pool (it keeps none under 16 Ki values).
     */
    static LstmCase poolSized(long seed, int directions) {
        return draw(seed, directions, new int[] {80, 60, 40, 20}, true, 64);
    }

    private static LstmCase draw(
            long seed, int directions, int[] lengths, boolean masked, int hidden) {
        Nd4j.getRandom().setSeed(seed);
        int batch = lengths.length;
        int frames = lengths[0];
        INDArray x = Nd4j.randn(DataType.FLOAT, batch, N_IN, frames);
        INDArray w = Nd4j.randn(DataType.FLOAT, N_IN, directions * 4L * hidden).muli(0.5);
        INDArray rw = Nd4j.randn(DataType.FLOAT, directions, hidden, 4L * hidden).muli(0.5);
        INDArray bias = Nd4j.randn(DataType.FLOAT, 1, directions * 4L * hidden).muli(0.1);
        INDArray mask = null;
        if (masked) {
            mask = Nd4j.zeros(DataType.FLOAT, batch, frames);
            for (int b = 0; b < batch; b++) {
                for (int t = 0; t < lengths[b]; t++) {
                    mask.putScalar(b, t, 1f);
                }
            }
        }
        return new LstmCase(x, mask, lengths, w, rw, bias, hidden);
    }

    int batch() {
        return (int) x.size(0);
    }

    int frames() {
        return (int) x.size(2);
    }

    /** The kernel's forward pass on this case (a fresh copy of the mask, which the pass keeps). */
    BiLstmKernel.Forward forward(DirectionMerge merge, boolean forBackward, boolean floatLoops) {
        return BiLstmKernel.forward(
                x,
                mask == null ? null : mask.dup(),
                lengths,
                w,
                rw,
                bias,
                merge,
                forBackward,
                floatLoops);
    }

    /** The same weights on other input of the same shape. */
    LstmCase withInput(INDArray other) {
        return new LstmCase(other, mask, lengths, w, rw, bias, hidden);
    }

    /** The pass as the layer runs it: the loops or the ND4J ops chosen by the data type. */
    BiLstmKernel.Forward forwardAsTheLayerDoes(DirectionMerge merge, boolean forBackward) {
        return BiLstmKernel.forward(
                x, mask == null ? null : mask.dup(), lengths, w, rw, bias, merge, forBackward);
    }
}
