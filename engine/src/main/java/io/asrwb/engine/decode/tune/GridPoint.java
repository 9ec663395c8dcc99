package io.asrwb.engine.decode.tune;

/** Corpus WER and CER (fractions) of one (α, β) pair. */
public record GridPoint(double alpha, double beta, double wer, double cer) {}
