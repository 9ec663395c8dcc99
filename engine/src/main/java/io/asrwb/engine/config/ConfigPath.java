package io.asrwb.engine.config;

import java.util.ArrayList;
import java.util.List;

/** Splits paths like {@code model.conv[1].channels} into {@code model, conv, [1], channels}. */
final class ConfigPath {

    private ConfigPath() {}

    static List<String> parse(String path) {
        List<String> segments = new ArrayList<>();
        for (String part : path.split("\\.")) {
            int bracket = part.indexOf('[');
            if (bracket < 0) {
                segments.add(part);
                continue;
            }
            segments.add(part.substring(0, bracket));
            for (String index : part.substring(bracket).split("(?<=])")) {
                segments.add(index);
            }
        }
        return segments;
    }

    static boolean isIndex(String segment) {
        return segment.startsWith("[") && segment.endsWith("]");
    }

    static int index(String segment) {
        return Integer.parseInt(segment.substring(1, segment.length() - 1));
    }
}
