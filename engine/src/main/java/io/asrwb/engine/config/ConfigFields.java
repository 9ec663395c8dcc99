package io.asrwb.engine.config;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The config tree seen as a flat list of leaves with paths, descriptions and ranges, read from
 * the records themselves, so a new field appears in the property sheet, the validator and the
 * diff without touching them. Records nest; lists of records get indexed paths; the model's
 * sealed choice shows as a {@code model.type} leaf before that model's fields.
 */
public final class ConfigFields {

    private ConfigFields() {}

    /** Every leaf of the tree in declaration order. */
    public static List<ConfigField> of(RunConfig config) {
        List<ConfigField> out = new ArrayList<>();
        walkRecord(config, "", out);
        return out;
    }

    /** The leaf at {@code path}, if there is one. */
    public static Optional<ConfigField> find(RunConfig config, String path) {
        return of(config).stream().filter(f -> f.path().equals(path)).findFirst();
    }

    private static void walkRecord(Record record, String prefix, List<ConfigField> out) {
        for (RecordComponent component : record.getClass().getRecordComponents()) {
            String path = prefix + ConfigNames.key(component.getName());
            Object value = read(record, component);
            if (value instanceof ModelConfig model) {
                out.add(
                        new ConfigField(
                                path + ".type",
                                String.class,
                                ModelConfig.typeOf(model),
                                "Model architecture",
                                Optional.empty(),
                                ModelConfig.TYPES));
                walkRecord((Record) model, path + ".", out);
            } else if (value instanceof Record nested) {
                walkRecord(nested, path + ".", out);
            } else if (value instanceof List<?> list && isRecordList(component)) {
                for (int i = 0; i < list.size(); i++) {
                    walkRecord((Record) list.get(i), path + "[" + i + "].", out);
                }
            } else {
                out.add(leaf(record, component, path, value));
            }
        }
    }

    private static ConfigField leaf(
            Record owner, RecordComponent component, String path, Object value) {
        Describe describe = component.getAnnotation(Describe.class);
        String description =
                describe != null
                        ? describe.value()
                        : ForeignDescriptions.of(owner.getClass(), component.getName());
        Class<?> type = boxed(component.getType());
        List<String> choices =
                type.isEnum()
                        ? Arrays.stream(type.getEnumConstants())
                                .map(c -> ConfigNames.enumValue((Enum<?>) c))
                                .toList()
                        : List.of();
        return new ConfigField(
                path,
                type,
                value,
                description,
                Optional.ofNullable(component.getAnnotation(Range.class)),
                choices);
    }

    private static boolean isRecordList(RecordComponent component) {
        if (component.getGenericType() instanceof ParameterizedType list
                && list.getActualTypeArguments()[0] instanceof Class<?> element) {
            return element.isRecord();
        }
        return false;
    }

    /**
     * A copy of {@code config} with the leaf at {@code path} set to {@code value}. Enums may be
     * given as constants or written values, numbers as any {@link Number}; setting
     * {@code model.type} to another type starts that model from its defaults.
     *
     * @throws IllegalArgumentException when no such leaf exists or the value does not fit
     */
    public static RunConfig with(RunConfig config, String path, Object value) {
        List<String> segments = ConfigPath.parse(path);
        return (RunConfig) set(config, segments, 0, value, path);
    }

    private static Object set(
            Object node, List<String> segments, int at, Object value, String path) {
        if (node instanceof ModelConfig
                && segments.get(at).equals("type")
                && at == segments.size() - 1) {
            return ModelConfig.defaultsOf(String.valueOf(value));
        }
        if (!(node instanceof Record record)) {
            throw new IllegalArgumentException("no field '" + path + "' in the config");
        }
        RecordComponent[] components = record.getClass().getRecordComponents();
        Object[] values = new Object[components.length];
        boolean found = false;
        for (int i = 0; i < components.length; i++) {
            values[i] = read(record, components[i]);
            if (ConfigNames.key(components[i].getName()).equals(segments.get(at))) {
                found = true;
                values[i] = setChild(components[i], values[i], segments, at + 1, value, path);
            }
        }
        if (!found) {
            throw new IllegalArgumentException("no field '" + path + "' in the config");
        }
        return construct(record.getClass(), components, values);
    }

    private static Object setChild(
            RecordComponent component,
            Object current,
            List<String> segments,
            int next,
            Object value,
            String path) {
        if (next == segments.size()) {
            return convert(component.getType(), value, path);
        }
        String segment = segments.get(next);
        if (ConfigPath.isIndex(segment) && current instanceof List<?> list) {
            int index = ConfigPath.index(segment);
            if (index >= list.size() || next + 1 == segments.size()) {
                throw new IllegalArgumentException("no field '" + path + "' in the config");
            }
            List<Object> copy = new ArrayList<>(list);
            copy.set(index, set(list.get(index), segments, next + 1, value, path));
            return copy;
        }
        return set(current, segments, next, value, path);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object convert(Class<?> type, Object value, String path) {
        Class<?> target = boxed(type);
        if (value == null) {
            if (type.isPrimitive()) {
                throw new IllegalArgumentException(path + ": a value is required");
            }
            return null;
        }
        if (target.isInstance(value)) {
            return value;
        }
        if (target.isEnum() && value instanceof String text) {
            Object constant = ConfigNames.parseEnum((Class) target, text);
            if (constant == null) {
                throw new IllegalArgumentException(
                        path
                                + ": must be "
                                + ConfigNames.enumChoices(target)
                                + ", got '"
                                + text
                                + "'");
            }
            return constant;
        }
        if (value instanceof Number number) {
            if (target == Integer.class) {
                return Math.toIntExact(number.longValue());
            } else if (target == Long.class) {
                return number.longValue();
            } else if (target == Double.class) {
                return number.doubleValue();
            }
        }
        throw new IllegalArgumentException(
                path
                        + ": expected "
                        + target.getSimpleName()
                        + ", got "
                        + value.getClass().getSimpleName()
                        + " "
                        + value);
    }

    static Object read(Record record, RecordComponent component) {
        try {
            return component.getAccessor().invoke(record);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read " + component, e);
        }
    }

    private static Object construct(Class<?> type, RecordComponent[] components, Object[] values) {
        Class<?>[] types =
                Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new);
        try {
            Constructor<?> canonical = type.getDeclaredConstructor(types);
            return canonical.newInstance(values);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot build " + type.getSimpleName(), e);
        }
    }

    static Class<?> boxed(Class<?> type) {
        if (!type.isPrimitive()) {
            return type;
        }
        if (type == int.class) {
            return Integer.class;
        } else if (type == long.class) {
            return Long.class;
        } else if (type == double.class) {
            return Double.class;
        } else if (type == boolean.class) {
            return Boolean.class;
        } else if (type == float.class) {
            return Float.class;
        }
        throw new IllegalArgumentException("unsupported primitive " + type);
    }
}
