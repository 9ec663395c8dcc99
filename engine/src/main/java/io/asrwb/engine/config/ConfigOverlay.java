package io.asrwb.engine.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Map;

/**
 * How a config file's layers combine: the file over its preset over the defaults. Mappings merge
 * key by key; a list replaces the list below it whole; a model of another {@code type} starts
 * from that type's defaults; an explicit null is refused.
 */
final class ConfigOverlay {

    private final ObjectMapper mapper;

    ConfigOverlay(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    /** Applies {@code over} onto {@code base} in place; problems are placed in {@code source}. */
    void apply(ObjectNode base, ObjectNode over, YamlSource source) throws ConfigException {
        overlay(base, over, "", source);
    }

    /** The preset a file names ("" for none); refused unless it is a built-in one. */
    static String presetName(JsonNode node, YamlSource user) throws ConfigException {
        if (node == null || node.isNull() || (node.isTextual() && node.asText().isBlank())) {
            return "";
        }
        String name = node.asText().trim();
        if (!node.isTextual() || !Presets.NAMES.contains(name)) {
            String hint =
                    DidYouMean.suggest(name, Presets.NAMES)
                            .map(s -> " (did you mean '" + s + "'?)")
                            .orElse("");
            throw user.fail(
                    "preset",
                    "unknown preset '"
                            + node.asText()
                            + "'"
                            + hint
                            + "; built-in presets: "
                            + String.join(", ", Presets.NAMES));
        }
        return name;
    }

    /** Applies {@code over} onto {@code base} in place (see the class comment for the rules). */
    private void overlay(ObjectNode base, ObjectNode over, String prefix, YamlSource source)
            throws ConfigException {
        for (Iterator<Map.Entry<String, JsonNode>> it = over.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            String key = entry.getKey();
            JsonNode value = entry.getValue();
            String path = prefix.isEmpty() ? key : prefix + "." + key;
            if (value.isNull()) {
                throw source.fail(path, "a value is required; remove the line to keep the default");
            }
            JsonNode current = base.get(key);
            if (path.equals("model") && value.isObject() && value.has("type")) {
                String type = value.get("type").asText();
                if (!value.get("type").isTextual() || !ModelConfig.TYPES.contains(type)) {
                    throw source.fail(
                            "model.type",
                            "must be "
                                    + String.join(" or ", ModelConfig.TYPES)
                                    + ", got "
                                    + RunConfigYaml.describe(value.get("type")));
                }
                if (current == null || !type.equals(current.path("type").asText())) {
                    current = mapper.valueToTree(ModelConfig.defaultsOf(type));
                    base.set(key, current);
                }
            }
            if (current != null && current.isObject() && value.isObject()) {
                overlay((ObjectNode) current, (ObjectNode) value, path, source);
            } else {
                base.set(key, value.deepCopy());
            }
        }
    }
}
