package io.asrwb.engine.data.batching;

import java.nio.file.Path;

/**
 * An utterance left out of a batch because its data is unusable (audio that does not decode,
 * a transcript outside the alphabet, no frames). Reported, never silent.
 *
 * @param epoch  epoch of the batch it was left out of
 * @param batch  index of that batch in the epoch's plan
 * @param id     utterance id
 * @param file   its audio file
 * @param reason what is wrong, in words a user can act on
 */
public record SkippedUtterance(int epoch, int batch, String id, Path file, String reason) {}
