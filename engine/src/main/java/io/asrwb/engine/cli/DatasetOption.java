package io.asrwb.engine.cli;

import picocli.CommandLine.Option;

/** The required {@code --dataset} of the commands that read a catalog dataset (a picocli mixin). */
final class DatasetOption {

    @Option(
            names = "--dataset",
            required = true,
            paramLabel = "NAME",
            description = "dataset in the catalog")
    String name;
}
