package io.asrwb.engine.metrics;

/**
 * Whether spaces are characters for CER. Counting them (jiwer, torchmetrics) makes a split or
 * merged word cost a character error; ignoring them reproduces deepspeech.pytorch's CER figures.
 */
public enum SpaceHandling {
    /** Spaces are characters like any other. */
    COUNTED,
    /** All spaces are removed from both texts before the character edit distance. */
    IGNORED
}
