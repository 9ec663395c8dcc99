package io.asrwb.app.theme;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/** The two colour-token sets over the one shared stylesheet. */
public enum Theme {
    DARK("dark.css"),
    LIGHT("light.css");

    private static final String BASE = "base.css";

    private final String tokens;

    Theme(String tokens) {
        this.tokens = tokens;
    }

    /** Stylesheet URLs for a scene, tokens first so the base sheet's lookups find them. */
    public List<String> stylesheets() {
        return List.of(url(tokens), url(BASE));
    }

    public Theme other() {
        return this == DARK ? LIGHT : DARK;
    }

    /** The theme named by {@code text} (any case), or {@code fallback} when it names none. */
    public static Theme parse(String text, Theme fallback) {
        if (text == null) {
            return fallback;
        }
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return fallback;
        }
    }

    private static String url(String name) {
        return Objects.requireNonNull(
                        Theme.class.getResource(name),
                        "theme stylesheet "
                                + name
                                + " missing next to "
                                + Theme.class.getName()
                                + ": the app jar is incomplete")
                .toExternalForm();
    }
}
