package io.asrwb.engine.cli;

import io.asrwb.engine.data.Split;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** {@code --split} of the commands that read one split of a dataset, and their required options. */
final class SplitOption {

    private SplitOption() {}

    /** train, val or test; anything else refused in one line. */
    static Split parse(String split) {
        Split chosen = Split.parse(split);
        if (chosen == Split.NONE) {
            throw new CommandFailedException("--split " + split + ": expected train, val or test");
        }
        return chosen;
    }

    /**
     * A usage error, as picocli words it, when an option that a command needs is missing but cannot
     * be marked required (a parent command's option that its subcommands do without).
     */
    static void require(CommandSpec spec, Object value, String option) {
        if (value == null) {
            throw new ParameterException(
                    spec.commandLine(), "Missing required option: '" + option + "'");
        }
    }
}
