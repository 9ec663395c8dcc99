package io.asrwb.engine.config;

/**
 * Checks each field of a config on its own: present, finite, and inside its {@link Range}; the
 * message states the range the way the field is written (whole numbers for counts).
 */
final class FieldRangeChecks {

    private FieldRangeChecks() {}

    static void check(RunConfig config, ConfigViolations violations) {
        for (ConfigField field : ConfigFields.of(config)) {
            if (field.value() == null) {
                violations.fail(field.path(), "a value is required");
            } else if (field.value() instanceof Number number && field.range().isPresent()) {
                checkRange(field.path(), number, field.range().get(), violations);
            } else if (field.value() instanceof Number number
                    && number instanceof Double d
                    && !Double.isFinite(d)) {
                violations.fail(field.path(), "must be a finite number, got " + d);
            }
        }
    }

    private static void checkRange(
            String path, Number number, Range range, ConfigViolations violations) {
        double v = number.doubleValue();
        boolean low = range.minExclusive() ? v <= range.min() : v < range.min();
        if (Double.isNaN(v) || low || v > range.max()) {
            violations.fail(path, "must be " + describe(range, number) + ", got " + number);
        }
    }

    private static String describe(Range range, Number example) {
        boolean whole = !(example instanceof Double);
        String min = format(range.min(), whole);
        String max = format(range.max(), whole);
        if (range.max() == Double.POSITIVE_INFINITY) {
            return (range.minExclusive() ? "> " : "≥ ") + min;
        }
        if (range.min() == Double.NEGATIVE_INFINITY) {
            return "≤ " + max;
        }
        return range.minExclusive()
                ? "> " + min + " and ≤ " + max
                : "between " + min + " and " + max;
    }

    private static String format(double bound, boolean whole) {
        return whole || (bound == Math.rint(bound) && Math.abs(bound) < 1e15)
                ? Long.toString((long) bound)
                : Double.toString(bound);
    }
}
