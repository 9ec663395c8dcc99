package io.asrwb.engine.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code asrwb lm …}: build word n-gram language models and tune their weight in decoding. */
@Command(
        name = "lm",
        mixinStandardHelpOptions = true,
        description = "Build an n-gram language model (ARPA) and tune its decoding weights.",
        subcommands = {LmBuildCommand.class, LmTuneCommand.class})
final class LmCommand implements Runnable {

    @Spec CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(
                spec.commandLine(), "Missing subcommand: build or tune");
    }
}
