package io.asrwb.engine.config;

import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import java.util.Collection;
import java.util.List;

/** Turns Jackson's mapping exceptions into a field path and a sentence a user can act on. */
final class ConfigErrors {

    private ConfigErrors() {}

    /** The YAML path of the failing value, e.g. {@code model.conv[0].channels}. */
    static String pathOf(JsonMappingException e) {
        StringBuilder out = new StringBuilder();
        for (JsonMappingException.Reference ref : e.getPath()) {
            if (ref.getFieldName() != null) {
                if (out.length() > 0) {
                    out.append('.');
                }
                out.append(ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                out.append('[').append(ref.getIndex()).append(']');
            }
        }
        return out.toString();
    }

    static String message(JsonMappingException e, JsonNode merged, String path) {
        if (e instanceof UnrecognizedPropertyException u) {
            List<String> known =
                    u.getKnownPropertyIds().stream().map(String::valueOf).sorted().toList();
            return "unknown field '"
                    + u.getPropertyName()
                    + "'"
                    + DidYouMean.suggest(u.getPropertyName(), known)
                            .map(s -> " (did you mean '" + s + "'?)")
                            .orElse("; fields here: " + String.join(", ", known));
        }
        String got = RunConfigYaml.describe(nodeAt(merged, path));
        if (e instanceof InvalidFormatException f
                && f.getTargetType() != null
                && f.getTargetType().isEnum()) {
            return "must be " + ConfigNames.enumChoices(f.getTargetType()) + ", got " + got;
        }
        if (e instanceof MismatchedInputException m && m.getTargetType() != null) {
            return "expected " + typeWord(m.getTargetType()) + ", got " + got;
        }
        return e.getOriginalMessage();
    }

    private static JsonNode nodeAt(JsonNode root, String path) {
        JsonNode node = root;
        for (String segment : ConfigPath.parse(path)) {
            if (node == null) {
                return null;
            }
            node =
                    ConfigPath.isIndex(segment)
                            ? node.get(ConfigPath.index(segment))
                            : node.get(segment);
        }
        return node;
    }

    private static String typeWord(Class<?> type) {
        Class<?> t = ConfigFields.boxed(type);
        if (t == Integer.class || t == Long.class) {
            return "a whole number";
        } else if (t == Double.class || t == Float.class) {
            return "a number";
        } else if (t == Boolean.class) {
            return "true or false";
        } else if (t == String.class) {
            return "text";
        } else if (t.isEnum()) {
            return ConfigNames.enumChoices(t);
        } else if (Collection.class.isAssignableFrom(t)) {
            return "a list";
        }
        return "a mapping of fields";
    }
}
