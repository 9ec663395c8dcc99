package io.asrwb.engine.data;

import java.util.Objects;

/**
 * One spoken utterance of a dataset: the model every importer produces and every exporter reads.
 *
 * @param id         unique within its dataset; stable across import/export round trips
 * @param audio      path of the audio file, relative to the dataset root where it lies under it
 *                   (always '/'-separated), absolute otherwise
 * @param durationSeconds duration measured from the audio header
 * @param transcript the reference text as given by the source (not normalised)
 * @param speaker    speaker id, "" when unknown
 * @param split      train/val/test, or NONE when the source did not say
 */
public record Utterance(
        String id,
        String audio,
        double durationSeconds,
        String transcript,
        String speaker,
        Split split) {

    public Utterance {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(audio, "audio");
        Objects.requireNonNull(transcript, "transcript");
        speaker = speaker == null ? "" : speaker;
        split = split == null ? Split.NONE : split;
    }
}
