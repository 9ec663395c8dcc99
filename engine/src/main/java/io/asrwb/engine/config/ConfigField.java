package io.asrwb.engine.config;

import java.util.List;
import java.util.Optional;

/**
 * One editable leaf of the config tree, as a property sheet shows it.
 *
 * @param path        YAML path, e.g. {@code optim.schedule.warmup_steps} or
 *                    {@code model.conv[0].channels}
 * @param type        the Java type of the value (primitive wrappers for primitives); for
 *                    {@code model.type} it is String
 * @param value       the current value (an enum constant for enums, a List for lists)
 * @param description the field's one-line description
 * @param range       allowed interval of a numeric field, if it has one
 * @param choices     written values allowed (enum values, model types); empty when free
 */
public record ConfigField(
        String path,
        Class<?> type,
        Object value,
        String description,
        Optional<Range> range,
        List<String> choices) {

    public ConfigField {
        choices = List.copyOf(choices);
    }

    /** The top-level section the field belongs to (the first path element: optim, train…). */
    public String section() {
        int dot = path.indexOf('.');
        return dot < 0 ? "" : path.substring(0, dot);
    }

    /** The field's own name, the last path element without list indices. */
    public String name() {
        String last = path.substring(path.lastIndexOf('.') + 1);
        int bracket = last.indexOf('[');
        return bracket < 0 ? last : last.substring(0, bracket);
    }
}
