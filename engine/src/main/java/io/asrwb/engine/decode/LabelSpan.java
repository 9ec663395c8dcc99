package io.asrwb.engine.decode;

/** One emitted label and the output frames it occupies (both inclusive). */
public record LabelSpan(int label, int firstFrame, int lastFrame) {}
