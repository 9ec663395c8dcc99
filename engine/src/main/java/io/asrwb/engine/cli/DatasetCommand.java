package io.asrwb.engine.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code asrwb dataset …}: import, list, inspect, check, split and export datasets in the catalog. */
@Command(
        name = "dataset",
        mixinStandardHelpOptions = true,
        description =
                "Import, list, inspect, check, split and export datasets; list an import's"
                        + " problems; the re-label queue; cut a long recording into one.",
        subcommands = {
            DatasetImportCommand.class,
            DatasetListCommand.class,
            DatasetStatsCommand.class,
            DatasetCheckCommand.class,
            DatasetExportCommand.class,
            DatasetProblemsCommand.class,
            DatasetRelabelCommand.class,
            DatasetSegmentCommand.class,
            DatasetSplitCommand.class
        })
final class DatasetCommand implements Runnable {

    @Spec CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(
                spec.commandLine(),
                "Missing subcommand: import, list, stats, check, split, export, problems, relabel"
                        + " or segment");
    }
}
