package io.asrwb.engine.config;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The built-in presets, YAML overlays on {@link RunConfig#defaults()} shipped on the class path
 * under {@code presets/} (and, the same files, in {@code assets/presets/} for users to copy).
 */
public final class Presets {

    /** Preset names, smallest first. */
    public static final List<String> NAMES =
            List.of("tiny", "small", "large", "wav2letter", "quartznet", "streaming");

    private Presets() {}

    /** Class-path resource name of a preset. */
    public static String resource(String name) {
        return "presets/" + name + ".yaml";
    }

    /** The preset's YAML text as shipped. */
    public static String text(String name) {
        if (!NAMES.contains(name)) {
            throw new IllegalArgumentException(
                    "unknown preset '" + name + "', expected one of " + NAMES);
        }
        try (InputStream in = Presets.class.getClassLoader().getResourceAsStream(resource(name))) {
            if (in == null) {
                throw new IllegalStateException(
                        "preset "
                                + name
                                + " missing from the class path ("
                                + resource(name)
                                + "): the engine jar is incomplete");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read preset " + name, e);
        }
    }

    /** The preset's config: its overlay applied to the defaults. */
    public static RunConfig load(String name) {
        try {
            return RunConfigYaml.standard().read("preset: " + name + "\n", "preset " + name);
        } catch (ConfigException e) {
            throw new IllegalStateException(
                    "built-in preset " + name + " is broken: " + e.getMessage(), e);
        }
    }
}
