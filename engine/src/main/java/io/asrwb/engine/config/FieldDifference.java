package io.asrwb.engine.config;

/** A leaf whose value differs between two configs; null where one config has no such leaf. */
public record FieldDifference(String path, Object left, Object right) {

    @Override
    public String toString() {
        return path + ": " + left + " → " + right;
    }
}
