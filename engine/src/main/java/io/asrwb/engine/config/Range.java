package io.asrwb.engine.config;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Allowed interval of a numeric config field, checked by {@link RunConfigValidator} and shown by
 * editors (spinner bounds). Records do not enforce it in their constructors, so an editor can hold
 * an invalid value and name the field instead of failing on the keystroke.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Range {
    double min() default Double.NEGATIVE_INFINITY;

    double max() default Double.POSITIVE_INFINITY;

    /** True when the value must be strictly greater than {@link #min()} (e.g. a learning rate). */
    boolean minExclusive() default false;
}
