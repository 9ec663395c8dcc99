package io.asrwb.app.config;

import io.asrwb.engine.config.ConfigField;
import java.util.List;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.stream.Collectors;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.value.ObservableValue;
import org.controlsfx.control.PropertySheet;

/**
 * One config leaf as a property-sheet row: category = section, name = the path below it,
 * description = the field's {@code @Describe} text with its range. Edits go to the view model;
 * values come back through {@link #refresh}, which the sheet's editor observes.
 */
final class ConfigFieldItem implements PropertySheet.Item {

    private final ConfigField field;
    private final BiConsumer<String, Object> writer;
    private final ObjectProperty<Object> value;

    ConfigFieldItem(ConfigField field, BiConsumer<String, Object> writer) {
        this.field = field;
        this.writer = writer;
        this.value = new SimpleObjectProperty<>(shown(field.value()));
    }

    ConfigField field() {
        return field;
    }

    String path() {
        return field.path();
    }

    /** Shows a value the view model now holds (after any edit, wherever it came from). */
    void refresh(Object current) {
        value.set(shown(current));
    }

    @Override
    public Class<?> getType() {
        // Lists (e.g. data.train_splits) show as read-only text.
        return isList() ? String.class : field.type();
    }

    @Override
    public String getCategory() {
        return field.section().isEmpty() ? "run" : field.section();
    }

    @Override
    public String getName() {
        String section = field.section();
        return section.isEmpty() ? field.path() : field.path().substring(section.length() + 1);
    }

    @Override
    public String getDescription() {
        String range =
                field.range()
                        .map(
                                r -> {
                                    String low =
                                            Double.isInfinite(r.min())
                                                    ? ""
                                                    : (r.minExclusive() ? "> " : "≥ ")
                                                            + number(r.min());
                                    String high =
                                            Double.isInfinite(r.max())
                                                    ? ""
                                                    : "≤ " + number(r.max());
                                    return low.isEmpty() && high.isEmpty()
                                            ? ""
                                            : " ["
                                                    + String.join(
                                                            ", ",
                                                            List.of(low, high).stream()
                                                                    .filter(s -> !s.isEmpty())
                                                                    .toList())
                                                    + "]";
                                })
                        .orElse("");
        return field.path() + " — " + field.description() + range;
    }

    @Override
    public Object getValue() {
        return value.get();
    }

    @Override
    public void setValue(Object newValue) {
        if (!isEditable() || newValue == null) {
            // null: the editor holds text that is no value yet ("-", "1e")
            return;
        }
        value.set(newValue);
        writer.accept(field.path(), newValue);
    }

    @Override
    public Optional<ObservableValue<?>> getObservableValue() {
        return Optional.of(value);
    }

    @Override
    public boolean isEditable() {
        return !isList() && !field.path().equals("schema_version");
    }

    boolean isList() {
        return List.class.isAssignableFrom(field.type());
    }

    private Object shown(Object raw) {
        if (raw instanceof List<?> list) {
            return list.stream().map(String::valueOf).collect(Collectors.joining(", "));
        }
        return raw;
    }

    private static String number(double d) {
        return d == Math.rint(d) && Math.abs(d) < 1e15
                ? Long.toString((long) d)
                : Double.toString(d);
    }
}
