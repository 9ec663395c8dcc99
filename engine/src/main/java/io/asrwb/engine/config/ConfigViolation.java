package io.asrwb.engine.config;

/**
 * One broken rule: the field's path as written in YAML (e.g. {@code optim.lr}, {@code
 * model.conv[1].channels}) and what is wrong, with the value found.
 */
public record ConfigViolation(String path, String message) {

    @Override
    public String toString() {
        return path + ": " + message;
    }
}
