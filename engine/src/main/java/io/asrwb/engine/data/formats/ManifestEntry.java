package io.asrwb.engine.data.formats;

import io.asrwb.engine.data.Split;
import java.nio.file.Path;
import java.util.Map;

/**
 * One utterance as a source describes it, before its audio and transcript are checked.
 *
 * @param file             where the entry came from (manifest, transcript list or audio file)
 * @param line             1-based line in {@code file}, 0 when the entry is a file, not a line
 * @param id               utterance id
 * @param audio            the audio path as written in the source (for messages)
 * @param audioPath        {@code audio} resolved and normalised (absolute)
 * @param transcript       the transcript text, or null when it is read from {@code transcriptFile}
 *                         or missing altogether
 * @param transcriptFile   file holding the transcript, or null when it was given inline
 * @param declaredDuration duration the source states in seconds, NaN when it states none
 * @param speaker          speaker id, "" when unknown
 * @param split            split the source puts the utterance in
 * @param meta             the source's other fields of the entry (see {@code Utterance.meta})
 */
public record ManifestEntry(
        String file,
        int line,
        String id,
        String audio,
        Path audioPath,
        String transcript,
        Path transcriptFile,
        double declaredDuration,
        String speaker,
        Split split,
        Map<String, String> meta)
        implements SourceRow {

    public ManifestEntry {
        meta = meta == null ? Map.of() : Map.copyOf(meta);
    }

    /** An entry whose source had no other fields. */
    public ManifestEntry(
            String file,
            int line,
            String id,
            String audio,
            Path audioPath,
            String transcript,
            Path transcriptFile,
            double declaredDuration,
            String speaker,
            Split split) {
        this(
                file,
                line,
                id,
                audio,
                audioPath,
                transcript,
                transcriptFile,
                declaredDuration,
                speaker,
                split,
                Map.of());
    }

    /** The same entry with the source's other fields. */
    ManifestEntry withMeta(Map<String, String> fields) {
        return new ManifestEntry(
                file,
                line,
                id,
                audio,
                audioPath,
                transcript,
                transcriptFile,
                declaredDuration,
                speaker,
                split,
                fields);
    }
}
