package io.asrwb.engine.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Checks the keys of a merged config tree against the record tree before Jackson converts it:
 * every unknown key (with a suggestion) and every key missing from a list element, all at once.
 * Jackson alone stops at the first problem and, for records, reports a missing field of a list
 * element before a misspelt one, which hides the real mistake.
 */
final class TreeShapeCheck {

    private final List<ConfigViolation> problems = new ArrayList<>();

    private TreeShapeCheck() {}

    static List<ConfigViolation> check(JsonNode tree) {
        TreeShapeCheck check = new TreeShapeCheck();
        check.record(tree, RunConfig.class, "");
        return check.problems;
    }

    private void record(JsonNode node, Class<?> type, String prefix) {
        RecordComponent[] components = type.getRecordComponents();
        Set<String> keys = new LinkedHashSet<>();
        for (RecordComponent c : components) {
            keys.add(ConfigNames.key(c.getName()));
        }
        boolean model = ModelConfig.class.isAssignableFrom(type);
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!keys.contains(key) && !(model && key.equals("type"))) {
                problems.add(
                        new ConfigViolation(
                                prefix + key,
                                "unknown field '"
                                        + key
                                        + "'"
                                        + DidYouMean.suggest(key, keys)
                                                .map(s -> " (did you mean '" + s + "'?)")
                                                .orElse(
                                                        "; fields here: "
                                                                + String.join(", ", keys))));
            }
        }
        List<String> missing = new ArrayList<>();
        for (RecordComponent c : components) {
            String key = ConfigNames.key(c.getName());
            JsonNode child = node.get(key);
            if (child == null) {
                missing.add(key);
            } else if (child.isObject()) {
                component(child, c, prefix + key);
            } else if (child.isArray() && recordElement(c) != null) {
                for (int i = 0; i < child.size(); i++) {
                    if (child.get(i).isObject()) {
                        record(child.get(i), recordElement(c), prefix + key + "[" + i + "].");
                    }
                }
            }
        }
        if (!missing.isEmpty()) {
            // Only list elements can lack keys: everything else was merged onto the defaults.
            String path = prefix.isEmpty() ? "(top)" : prefix.substring(0, prefix.length() - 1);
            problems.add(
                    new ConfigViolation(
                            path,
                            "missing "
                                    + String.join(", ", missing)
                                    + " (a list element gives every field)"));
        }
    }

    private void component(JsonNode child, RecordComponent c, String path) {
        if (c.getType() == ModelConfig.class) {
            String type = child.path("type").asText();
            if (ModelConfig.TYPES.contains(type)) {
                record(child, ModelConfig.defaultsOf(type).getClass(), path + ".");
            }
        } else if (c.getType().isRecord()) {
            record(child, c.getType(), path + ".");
        }
    }

    private static Class<?> recordElement(RecordComponent c) {
        if (c.getGenericType() instanceof ParameterizedType list
                && list.getActualTypeArguments()[0] instanceof Class<?> element
                && element.isRecord()) {
            return element;
        }
        return null;
    }
}
