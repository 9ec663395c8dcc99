package io.asrwb.engine.config;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * One-line description of a config field, read at run time: the app's property sheet shows it
 * next to the field and the CLI prints it in errors, so it lives on the record component rather
 * than in a Javadoc comment that would vanish after compilation.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Describe {
    String value();
}
