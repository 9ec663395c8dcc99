package io.asrwb.engine.data.formats;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.Utterance;
import java.io.IOException;
import java.io.Writer;
import java.util.List;

/**
 * deepspeech.pytorch JSON manifests, one per split (train_manifest.json, val_manifest.json,
 * test_manifest.json; manifest.json without a split), root_path the output folder (absolute, as
 * deepspeech.pytorch writes it), transcripts as {@code txt/<id>.txt}. Speakers are not kept.
 */
public final class DeepSpeechJsonWriter extends PerSplitManifestWriter {

    private static final JsonFactory JSON = new JsonFactory();

    @Override
    String fileName(Split split) {
        return DeepSpeechLayout.manifestName(split, "json");
    }

    @Override
    void writeManifest(Writer w, AudioPlacement place, List<Utterance> utterances)
            throws IOException {
        try (JsonGenerator g = JSON.createGenerator(w).useDefaultPrettyPrinter()) {
            g.writeStartObject();
            g.writeStringField("root_path", place.out().toString());
            g.writeArrayFieldStart("samples");
            for (Utterance u : utterances) {
                DeepSpeechLayout.Files files = DeepSpeechLayout.place(place, u);
                g.writeStartObject();
                g.writeStringField("wav_path", files.wav());
                g.writeStringField("transcript_path", files.transcript());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
    }
}
