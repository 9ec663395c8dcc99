package io.asrwb.remote.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code asrwb host …}: the inventory of remote boxes. */
@Command(
        name = "host",
        mixinStandardHelpOptions = true,
        description = "Remote boxes to train on: add, test, list, remove.",
        subcommands = {
            HostAddCommand.class,
            HostTestCommand.class,
            HostListCommand.class,
            HostRemoveCommand.class
        })
final class HostCommand implements Runnable {

    @Spec CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(
                spec.commandLine(), "Missing command: host add|test|list|remove");
    }
}
