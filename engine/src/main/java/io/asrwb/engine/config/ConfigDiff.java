package io.asrwb.engine.config;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Which fields differ between two configs (the app shows a config against its preset). */
public final class ConfigDiff {

    private ConfigDiff() {}

    /**
     * Leaves whose values differ, in the order of {@code a}'s fields then those only in {@code b}
     * (another model type, a longer conv list). The {@code preset} name itself is not compared.
     */
    public static List<FieldDifference> diff(RunConfig a, RunConfig b) {
        Map<String, Object> left = values(a);
        Map<String, Object> right = values(b);
        List<FieldDifference> out = new ArrayList<>();
        for (Map.Entry<String, Object> e : left.entrySet()) {
            Object other = right.get(e.getKey());
            if (!Objects.equals(e.getValue(), other)) {
                out.add(new FieldDifference(e.getKey(), e.getValue(), other));
            }
        }
        for (Map.Entry<String, Object> e : right.entrySet()) {
            if (!left.containsKey(e.getKey())) {
                out.add(new FieldDifference(e.getKey(), null, e.getValue()));
            }
        }
        return out;
    }

    private static Map<String, Object> values(RunConfig config) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (ConfigField field : ConfigFields.of(config)) {
            if (!field.path().equals("preset")) {
                out.put(field.path(), field.value());
            }
        }
        return out;
    }
}
