package io.asrwb.engine.data.formats;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.Utterance;
import java.io.IOException;
import java.io.Writer;
import java.util.List;

/**
 * NeMo JSON-lines, one manifest per split ("train_manifest.json" …, "manifest.json" for
 * utterances without one), audio paths relative to the manifest's folder. {@code speaker} is
 * written when known, {@code id} only when it differs from the audio file's name.
 */
public final class NemoWriter extends PerSplitManifestWriter {

    private static final JsonFactory JSON = new JsonFactory();

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
                g.writeEndObject();
                g.writeRaw('\n');
            }
        }
    }
}
