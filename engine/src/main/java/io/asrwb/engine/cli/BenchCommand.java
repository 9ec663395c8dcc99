package io.asrwb.engine.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code asrwb bench …}: throughput benchmarks of the engine (see bench/ and docs/PERFORMANCE.md). */
@Command(
        name = "bench",
        mixinStandardHelpOptions = true,
        description = "Measure the engine's throughput.",
        subcommands = {
            BenchTrainStepCommand.class,
            BenchTranscribeCommand.class,
            BenchStreamingCommand.class
        })
final class BenchCommand implements Runnable {

    @Spec CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(
                spec.commandLine(), "Missing subcommand: train-step or transcribe");
    }
}
