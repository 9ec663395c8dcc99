package io.asrwb.engine.data.formats;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.Utterance;
import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * NeMo JSON-lines, one manifest per split ("train_manifest.json" …, "manifest.json" for
 * utterances without one), audio paths relative to the manifest's folder. {@code speaker} is
 * written when known, {@code id} only when it differs from the audio file's name, and the
 * utterance's metadata (other keys of the source) as string values after them.
 */
public final class NemoWriter extends PerSplitManifestWriter {

    private static final JsonFactory JSON = new JsonFactory();

    /** Keys this writer sets itself; metadata never overrides them. */
    private static final Set<String> OWN_KEYS =
            Set.of("audio_filepath", "duration", "text", "speaker", "id", "split");

    @Override
    String fileName(Split split) {
        return SplitNames.manifestName(split, "manifest.json");
    }

    @Override
    void writeManifest(Writer w, AudioPlacement place, List<Utterance> utterances)
            throws IOException {
        try (JsonGenerator g = JSON.createGenerator(w)) {
            g.setRootValueSeparator(null);
            for (Utterance u : utterances) {
                String rel =
                        SourcePaths.relative(place.out(), place.inPlaceOrLinked(u, place.out()));
                g.writeStartObject();
                g.writeStringField("audio_filepath", rel);
                g.writeNumberField("duration", u.durationSeconds());
                g.writeStringField("text", u.transcript());
                if (!u.speaker().isEmpty()) {
                    g.writeStringField("speaker", u.speaker());
                }
                if (!SourcePaths.stem(rel).equals(u.id())) {
                    g.writeStringField("id", u.id());
                }
                for (Map.Entry<String, String> m : u.meta().entrySet()) {
                    if (!OWN_KEYS.contains(m.getKey())) {
                        g.writeStringField(m.getKey(), m.getValue());
                    }
                }
                g.writeEndObject();
                g.writeRaw('\n');
            }
        }
    }
}
