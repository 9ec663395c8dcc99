package io.asrwb.engine.config;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import java.util.Locale;

/**
 * The one spelling of names in config files, paths and editors: snake_case keys
 * ({@code max_duration_s}) and lower-kebab enum values ({@code sgd-nesterov}, {@code
 * per-utterance}). Keys follow Python configs (deepspeech.pytorch, NeMo) that users copy from;
 * enum values read like words.
 */
public final class ConfigNames {

    private static final PropertyNamingStrategies.NamingBase KEYS =
            (PropertyNamingStrategies.NamingBase) PropertyNamingStrategies.SNAKE_CASE;

    private ConfigNames() {}

    /** The YAML key of a record component name: {@code maxDurationS} → {@code max_duration_s}. */
    public static String key(String componentName) {
        return KEYS.translate(componentName);
    }

    /** How an enum constant is written: {@code SGD_NESTEROV} → {@code sgd-nesterov}. */
    public static String enumValue(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Reads an enum value written in any case with '-' or '_'; null when it names none. */
    public static <E extends Enum<E>> E parseEnum(Class<E> type, String text) {
        String wanted = text.trim().replace('-', '_');
        for (E constant : type.getEnumConstants()) {
            if (constant.name().equalsIgnoreCase(wanted)) {
                return constant;
            }
        }
        return null;
    }

    /** "a, b or c" listing the written values of an enum type. */
    public static String enumChoices(Class<?> type) {
        StringBuilder out = new StringBuilder();
        Object[] constants = type.getEnumConstants();
        for (int i = 0; i < constants.length; i++) {
            if (i > 0) {
                out.append(i == constants.length - 1 ? " or " : ", ");
            }
            out.append(enumValue((Enum<?>) constants[i]));
        }
        return out.toString();
    }
}
