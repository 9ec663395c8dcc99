package io.asrwb.engine.config;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;

/**
 * Line and column of every field path in one YAML text, so errors found after the text became a
 * tree (merged with a preset, converted to records, validated) still point into the file.
 */
final class YamlLocations {

    /** A 1-based position in the text. */
    record Position(int line, int column) {}

    private final Map<String, Position> byPath;

    private YamlLocations(Map<String, Position> byPath) {
        this.byPath = byPath;
    }

    static YamlLocations none() {
        return new YamlLocations(Map.of());
    }

    /** Indexes a text that already parsed as YAML; on a later syntax error keeps what it saw. */
    static YamlLocations of(String yaml) {
        Map<String, Position> byPath = new HashMap<>();
        try (JsonParser p = ConfigMapper.get().getFactory().createParser(yaml)) {
            JsonToken token;
            while ((token = p.nextToken()) != null) {
                JsonStreamContext ctx = p.getParsingContext();
                if (token == JsonToken.FIELD_NAME) {
                    put(byPath, pathOf(ctx), p.currentTokenLocation());
                } else if (token == JsonToken.START_OBJECT || token == JsonToken.START_ARRAY) {
                    if (ctx.getParent() != null && ctx.getParent().inArray()) {
                        put(byPath, pathOf(ctx.getParent()), p.currentTokenLocation());
                    }
                } else if (token.isScalarValue() && ctx.inArray()) {
                    put(byPath, pathOf(ctx), p.currentTokenLocation());
                }
            }
        } catch (IOException e) {
            // The caller reports syntax errors from its own parse; positions seen so far still
            // help.
        }
        return new YamlLocations(byPath);
    }

    private static void put(Map<String, Position> byPath, String path, JsonLocation at) {
        byPath.putIfAbsent(path, new Position(at.getLineNr(), at.getColumnNr()));
    }

    /** The path of the value the context is at: names joined by dots, indices in brackets. */
    private static String pathOf(JsonStreamContext ctx) {
        Deque<String> parts = new ArrayDeque<>();
        for (JsonStreamContext c = ctx; c != null && !c.inRoot(); c = c.getParent()) {
            if (c.inArray()) {
                parts.push("[" + c.getCurrentIndex() + "]");
            } else if (c.getCurrentName() != null) {
                parts.push("." + c.getCurrentName());
            }
        }
        String joined = String.join("", parts);
        return joined.startsWith(".") ? joined.substring(1) : joined;
    }

    /** The position of {@code path}, or of its nearest ancestor written in the text. */
    Position find(String path) {
        String p = path;
        while (!p.isEmpty()) {
            Position at = byPath.get(p);
            if (at != null) {
                return at;
            }
            int cut = Math.max(p.lastIndexOf('.'), p.lastIndexOf('['));
            p = cut < 0 ? "" : p.substring(0, cut);
        }
        return null;
    }

    /** True when {@code path} itself is written in the text. */
    boolean has(String path) {
        return byPath.containsKey(path);
    }
}
