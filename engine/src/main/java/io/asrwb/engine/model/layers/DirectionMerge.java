package io.asrwb.engine.model.layers;

/** How a bidirectional layer combines its forward and backward outputs at each frame. */
public enum DirectionMerge {
    /** Element-wise sum: output size = hidden size (deepspeech.pytorch's choice). */
    SUM,
    /** Forward then backward stacked: output size = 2 × hidden size. */
    CONCAT;

    /** Output features for a layer of {@code hidden} units per direction. */
    public long outputSize(long hidden) {
        return this == SUM ? hidden : 2 * hidden;
    }
}
