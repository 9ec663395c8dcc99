package io.asrwb.engine.train.average;

/**
 * One checkpoint that went into an average, as its provenance records it.
 *
 * @param step the optimizer step it was saved after
 * @param checkpoint its directory's name, e.g. {@code step-000000500}
 * @param modelSha256 SHA-256 of its {@code model.zip}, hex
 * @param wer validation WER recorded at save, or null
 * @param cer validation CER recorded at save, or null
 */
public record AverageMember(
        long step, String checkpoint, String modelSha256, Double wer, Double cer) {}
