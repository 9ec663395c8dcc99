package io.asrwb.engine.config;

import java.util.ArrayList;
import java.util.List;

/**
 * The violations found so far by one validation, in the order found; a rule that relates fields
 * asks first whether one of them already failed, so each mistake is reported once.
 */
final class ConfigViolations {

    private final List<ConfigViolation> found = new ArrayList<>();

    /** True when {@code paths} already broke a rule: rules relating it to others then say nothing. */
    boolean failed(String... paths) {
        for (String path : paths) {
            for (ConfigViolation v : found) {
                if (v.path().equals(path)) {
                    return true;
                }
            }
        }
        return false;
    }

    void fail(String path, String message) {
        found.add(new ConfigViolation(path, message));
    }

    /** Fails {@code minPath} when {@code min > max} and neither bound failed already. */
    void ordered(String minPath, double min, String maxPath, double max) {
        if (!failed(minPath, maxPath) && min > max) {
            fail(minPath, "must not exceed " + maxPath + " (" + max + "), got " + min);
        }
    }

    List<ConfigViolation> list() {
        return List.copyOf(found);
    }
}
