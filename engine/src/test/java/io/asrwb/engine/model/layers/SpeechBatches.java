package io.asrwb.engine.model.layers;

import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.dataset.MultiDataSet;
import org.nd4j.linalg.factory.Nd4j;

/** Small masked batches for graphs that end in a CTC loss layer. */
final class SpeechBatches {

    private SpeechBatches() {}

    /** Random features {@code [B, features, frames]}, nonzero in the padding too (layers must ignore it). */
    static INDArray features(long seed, DataType type, int batch, int features, int frames) {
        Nd4j.getRandom().setSeed(seed);
        return Nd4j.randn(type, batch, features, frames);
    }

    /** Blank-padded labels {@code [B, S]} (ids >= 1). */
    static INDArray labels(DataType type, int[][] transcripts) {
        int width = 1;
        for (int[] t : transcripts) {
            width = Math.max(width, t.length);
        }
        INDArray labels = Nd4j.zeros(type, transcripts.length, width);
        for (int b = 0; b < transcripts.length; b++) {
            for (int s = 0; s < transcripts[b].length; s++) {
                labels.putScalar(b, s, transcripts[b][s]);
            }
        }
        return labels;
    }

    /**
     * A CTC batch: feature mask from {@code frames}, label mask = the output frame mask after
     * {@code outputLengths}.
     */
    static MultiDataSet ctcBatch(
            INDArray features,
            int[] frames,
            int[] outputFrames,
            int outputWidth,
            int[][] transcripts) {
        DataType type = features.dataType();
        INDArray featureMask = FrameMasks.mask(frames, (int) features.size(2), type);
        INDArray labelMask = FrameMasks.mask(outputFrames, outputWidth, type);
        return new MultiDataSet(
                new INDArray[] {features},
                new INDArray[] {labels(type, transcripts)},
                new INDArray[] {featureMask},
                new INDArray[] {labelMask});
    }
}
