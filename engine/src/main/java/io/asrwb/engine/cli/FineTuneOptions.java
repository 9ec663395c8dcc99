package io.asrwb.engine.cli;

import io.asrwb.engine.config.ConfigViolation;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.config.RunConfigValidator;
import java.nio.file.Path;
import java.util.List;

/** {@code train --init-from CKPT --freeze LAYER,…}: the config's fine-tuning fields overridden. */
final class FineTuneOptions {

    private FineTuneOptions() {}

    /**
     * {@code run} with {@code train.init_from} (made absolute, so the run folder's config.yaml
     * names the same checkpoint from anywhere) and {@code train.freeze} from the options given.
     *
     * @throws CommandFailedException when the result breaks a fine-tuning rule (an unknown layer)
     */
    static RunConfig apply(RunConfig run, String initFrom, List<String> freeze) {
        if (initFrom == null && freeze == null) {
            return run;
        }
        String from =
                initFrom != null
                        ? Path.of(initFrom).toAbsolutePath().normalize().toString()
                        : run.train().initFrom();
        RunConfig changed =
                run.withTrain(
                        run.train()
                                .withInitFrom(
                                        from, freeze != null ? freeze : run.train().freeze()));
        for (ConfigViolation v : RunConfigValidator.validate(changed, Path.of(""))) {
            if (v.path().startsWith("train.freeze") || v.path().startsWith("train.init_from")) {
                throw new CommandFailedException(
                        (freeze != null ? "--freeze" : "--init-from") + ": " + v.message());
            }
        }
        return changed;
    }
}
