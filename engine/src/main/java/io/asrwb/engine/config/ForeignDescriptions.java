package io.asrwb.engine.config;

import io.asrwb.engine.metrics.TextNormaliserConfig;
import java.util.Map;

/**
 * Descriptions of records the config reuses from other packages, which carry no
 * {@link Describe}: the normaliser's settings belong to metrics, where they are documented in
 * Javadoc, and the config must not keep a second copy of the record.
 */
final class ForeignDescriptions {

    private static final Map<Class<?>, Map<String, String>> BY_RECORD =
            Map.of(
                    TextNormaliserConfig.class,
                    Map.of(
                            "letterCase",
                            "Case folding of every letter, to match the alphabet's case",
                            "unicodeNfkc",
                            "Apply Unicode NFKC (full-width forms, ligatures, NBSP become plain)",
                            "unifyApostrophes",
                            "Turn typographic apostrophes and primes into '",
                            "removePunctuation",
                            "Drop punctuation not in the alphabet; dashes, underscores and slashes"
                                    + " become spaces",
                            "alphabet",
                            "Characters kept besides letters (empty: those of the run's alphabet)",
                            "collapseWhitespace",
                            "Turn every run of whitespace into one space and trim the ends"));

    private ForeignDescriptions() {}

    static String of(Class<?> record, String component) {
        return BY_RECORD.getOrDefault(record, Map.of()).getOrDefault(component, "");
    }
}
