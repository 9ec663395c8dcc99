package io.asrwb.engine.store;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;

/** An utterance's metadata as the {@code utterances.meta} column holds it: a flat JSON object. */
final class MetaJson {

    private static final JsonFactory JSON = new JsonFactory();

    private MetaJson() {}

    /** The column's value: null for no fields, so datasets without metadata store nothing. */
    static String encode(Map<String, String> meta) {
        if (meta.isEmpty()) {
            return null;
        }
        StringWriter out = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(out)) {
            g.writeStartObject();
            for (Map.Entry<String, String> e : meta.entrySet()) {
                g.writeStringField(e.getKey(), e.getValue());
            }
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write metadata as JSON", e);
        }
        return out.toString();
    }

    static Map<String, String> decode(String column) {
        if (column == null || column.isEmpty()) {
            return Map.of();
        }
        Map<String, String> out = new HashMap<>();
        try (JsonParser p = JSON.createParser(column)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new CatalogException("utterance metadata is not a JSON object: " + column);
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                p.nextToken();
                out.put(key, p.getText());
            }
        } catch (IOException e) {
            throw new CatalogException("utterance metadata is not valid JSON: " + column, e);
        }
        return out;
    }
}
