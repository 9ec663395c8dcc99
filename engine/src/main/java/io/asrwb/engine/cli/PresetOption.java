package io.asrwb.engine.cli;

import io.asrwb.engine.config.Presets;

/** {@code --preset} of the benchmark commands that build a model with fresh weights. */
final class PresetOption {

    private PresetOption() {}

    /** Refuses, in one line naming the presets there are, a name that is not one of them. */
    static void requireKnown(String preset) {
        if (!Presets.NAMES.contains(preset)) {
            throw new CommandFailedException(
                    "--preset "
                            + preset
                            + ": no such preset; use one of "
                            + String.join(", ", Presets.NAMES));
        }
    }
}
