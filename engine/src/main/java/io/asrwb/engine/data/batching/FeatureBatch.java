package io.asrwb.engine.data.batching;

import java.util.List;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * One padded batch, as flat c-order arrays so workers never touch ND4J (its arrays are bound to
 * the device of the thread that makes them under CUDA); the trainer's thread wraps them with the
 * {@code *Array()} methods, one copy each. Arrays are owned by the record: do not modify.
 *
 * @param epoch        epoch of the plan the batch comes from
 * @param planIndex    its index in that plan (resume continues at planIndex + 1)
 * @param ids          utterance ids, row by row (skipped utterances left out)
 * @param bins         features per frame F
 * @param frames       padded length T (the longest utterance's frame count)
 * @param features     {@code [B, F, T]}, zero past each utterance's frames
 * @param featureMask  {@code [B, T]}, 1 for valid frames
 * @param frameCounts  input frames per utterance (the model derives output lengths from them)
 * @param labelWidth   padded label length S (≥ 1)
 * @param labels       {@code [B, S]} label ids left-aligned, padded with 0 (the blank)
 * @param labelLengths labels per utterance (transcript lengths)
 * @param audioSeconds audio fed to the features, summed over the batch
 * @param skipped      utterances of this plan batch left out, with why
 */
public record FeatureBatch(
        int epoch,
        int planIndex,
        List<String> ids,
        int bins,
        int frames,
        float[] features,
        float[] featureMask,
        int[] frameCounts,
        int labelWidth,
        int[] labels,
        int[] labelLengths,
        double audioSeconds,
        List<SkippedUtterance> skipped) {

    public FeatureBatch {
        ids = List.copyOf(ids);
        skipped = List.copyOf(skipped);
    }

    public int size() {
        return ids.size();
    }

    /** Features as {@code [B, F, T]} float (NCW). */
    public INDArray featuresArray() {
        return Nd4j.create(Nd4j.createBuffer(features), size(), bins, frames);
    }

    /** Feature mask as {@code [B, T]} float. */
    public INDArray featureMaskArray() {
        return Nd4j.create(Nd4j.createBuffer(featureMask), size(), frames);
    }

    /** Labels as {@code [B, S]} float, as the CTC loss takes them. */
    public INDArray labelsArray() {
        float[] f = new float[labels.length];
        for (int i = 0; i < f.length; i++) {
            f[i] = labels[i];
        }
        return Nd4j.create(Nd4j.createBuffer(f), size(), labelWidth);
    }
}
