package io.asrwb.remote.jobs.core;

import io.asrwb.engine.config.ConfigException;
import io.asrwb.engine.config.Presets;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.config.RunConfigYaml;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The run config a job gets, resolved the same way for the CLI's {@code --config} and the app's
 * submit dialog: a preset name or a YAML file, validated, written out whole (presets resolved), so
 * the host needs nothing but the text.
 */
public final class JobConfigs {

    private JobConfigs() {}

    /**
     * @param config a YAML file or a preset name (tiny, small, large, wav2letter, quartznet, streaming)
     * @throws IllegalArgumentException naming the file or field that is wrong
     */
    public static String yaml(String config) {
        RunConfigYaml yaml = RunConfigYaml.standard();
        Path file = Path.of(config);
        RunConfig run;
        try {
            if (!Files.exists(file) && Presets.NAMES.contains(config)) {
                run = Presets.load(config);
            } else if (Files.isRegularFile(file)) {
                run = yaml.loadValidated(file);
            } else {
                throw new IllegalArgumentException(
                        "no such config file: "
                                + config
                                + " (or preset: "
                                + String.join(", ", Presets.NAMES)
                                + ")");
            }
        } catch (ConfigException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        if (!run.alphabet().file().isEmpty()) {
            throw new IllegalArgumentException(
                    config
                            + ": alphabet.file ("
                            + run.alphabet().file()
                            + ") is not sent to the box; use a built-in alphabet (alphabet.builtin)"
                            + " for remote jobs");
        }
        return yaml.write(run);
    }
}
