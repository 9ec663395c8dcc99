package io.asrwb.engine.data;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

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
 * @param meta       the source's other fields of this utterance (NeMo keys, CSV/TSV columns such
 *                   as accent or mic) as text, sorted by name; empty when it had none. Kept so
 *                   that errors can be broken down by them and exports write them back.
 */
public record Utterance(
        String id,
        String audio,
        double durationSeconds,
        String transcript,
        String speaker,
        Split split,
        Map<String, String> meta) {

    public Utterance {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(audio, "audio");
        Objects.requireNonNull(transcript, "transcript");
        speaker = speaker == null ? "" : speaker;
        split = split == null ? Split.NONE : split;
        meta =
                meta == null || meta.isEmpty()
                        ? Map.of()
                        : Collections.unmodifiableSortedMap(new TreeMap<>(meta));
    }

    /** An utterance whose source had no other fields. */
    public Utterance(
            String id,
            String audio,
            double durationSeconds,
            String transcript,
            String speaker,
            Split split) {
        this(id, audio, durationSeconds, transcript, speaker, split, Map.of());
    }

    /** The same utterance with another transcript (a curated edit); its other fields are kept. */
    public Utterance withTranscript(String text) {
        return new Utterance(id, audio, durationSeconds, text, speaker, split, meta);
    }
}
