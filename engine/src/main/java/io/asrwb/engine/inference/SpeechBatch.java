package io.asrwb.engine.inference;

import io.asrwb.engine.data.batching.FeatureBatch;
import io.asrwb.engine.model.ModelSpec;
import io.asrwb.engine.model.layers.FrameMasks;
import io.asrwb.engine.model.layers.NativeMemory;
import java.util.ArrayList;
import java.util.List;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.dataset.MultiDataSet;
import org.nd4j.linalg.factory.Nd4j;

/**
 * One batch as the CTC graph takes it: a loader's {@link FeatureBatch} wrapped into INDArrays on
 * the consuming thread, with the output mask the model's conv arithmetic gives.
 *
 * @param ids the batch's utterance ids, row by row
 * @param audioSeconds audio in the batch (after speed perturbation)
 * @param features {@code [B, F, T]} (NCW), zero past each utterance's frames
 * @param featureMask {@code [B, T]}, 1 for each utterance's frames
 * @param labels {@code [B, S]} label ids, blank-padded (0)
 * @param outputMask {@code [B, T']}, 1 for each utterance's output frames (the CTC label mask)
 * @param outputFrames each utterance's output frames
 */
public record SpeechBatch(
        List<String> ids,
        double audioSeconds,
        INDArray features,
        INDArray featureMask,
        INDArray labels,
        INDArray outputMask,
        int[] outputFrames) {

    public SpeechBatch {
        ids = List.copyOf(ids);
    }

    /** {@code batch} for {@code model}: output lengths from the frame counts through its strides. */
    public static SpeechBatch of(FeatureBatch batch, ModelSpec model) {
        int[] frameCounts = batch.frameCounts();
        int[] outputFrames = new int[frameCounts.length];
        for (int b = 0; b < frameCounts.length; b++) {
            outputFrames[b] = Math.max(0, model.outputFrames(frameCounts[b]));
        }
        int outputWidth = Math.max(1, model.outputFrames(batch.frames()));
        return new SpeechBatch(
                batch.ids(),
                batch.audioSeconds(),
                batch.featuresArray(),
                batch.featureMaskArray(),
                batch.labelsArray(),
                FrameMasks.mask(outputFrames, outputWidth, DataType.FLOAT),
                outputFrames);
    }

    /**
     * The batch cut to {@code rows} (in that order), each row as it is here: same padding, masks
     * and labels; {@code audioSeconds} is shared out by the rows kept. Used to find and leave out
     * the utterances behind a non-finite loss ({@code NonFiniteProbe}).
     */
    public SpeechBatch rows(int[] rows) {
        List<String> kept = new ArrayList<>();
        INDArray f =
                Nd4j.create(features.dataType(), rows.length, features.size(1), features.size(2));
        int[] frames = new int[rows.length];
        for (int i = 0; i < rows.length; i++) {
            kept.add(ids.get(rows[i]));
            f.slice(i).assign(features.slice(rows[i]));
            frames[i] = outputFrames[rows[i]];
        }
        return new SpeechBatch(
                kept,
                size() == 0 ? 0 : audioSeconds * rows.length / size(),
                f,
                featureMask.getRows(rows),
                labels.getRows(rows),
                outputMask.getRows(rows),
                frames);
    }

    public int size() {
        return ids.size();
    }

    /**
     * Frees the native buffers of this batch's arrays now rather than when the collector finds
     * them dead; the batch must not be used afterwards.
     */
    public void release() {
        NativeMemory.release(features, featureMask, labels, outputMask);
    }

    public MultiDataSet toMultiDataSet() {
        return new MultiDataSet(
                new INDArray[] {features},
                new INDArray[] {labels},
                new INDArray[] {featureMask},
                new INDArray[] {outputMask});
    }
}
