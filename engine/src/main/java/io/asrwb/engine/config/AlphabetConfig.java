package io.asrwb.engine.config;

import java.util.List;

/** The model's output labels: a built-in alphabet or a file (one label a line, blank first). */
public record AlphabetConfig(
        @Describe("Built-in alphabet (used when file is empty)") String builtin,
        @Describe("Alphabet file, one label a line, blank first (overrides builtin)") String file) {

    /** Built-in alphabet names. */
    public static final List<String> BUILTINS = List.of("english");

    public AlphabetConfig {
        builtin = builtin == null ? "" : builtin;
        file = file == null ? "" : file;
    }

    public static AlphabetConfig defaults() {
        return new AlphabetConfig("english", "");
    }
}
