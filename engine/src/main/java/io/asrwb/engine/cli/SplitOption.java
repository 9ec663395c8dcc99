package io.asrwb.engine.cli;

import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.SplitChoice;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.SplitCounts;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code --split} of the commands that read one split of a dataset (a picocli mixin, the test split
 * by default), and their required options.
 */
final class SplitOption {

    /** The help text of a {@code --split} that reads utterances. */
    static final String HELP = SplitChoice.WORDS + " (all: every utterance, whatever its split)";

    @Option(
            names = "--split",
            defaultValue = "test",
            paramLabel = "SPLIT",
            description = HELP + " (default: ${DEFAULT-VALUE})")
    String split;

    /** The split chosen. */
    SplitChoice choice() {
        return parse(split);
    }

    /** train, val, test or all; anything else refused in one line. */
    static SplitChoice parse(String split) {
        return SplitChoice.parse(split)
                .orElseThrow(
                        () ->
                                new CommandFailedException(
                                        "--split " + split + ": expected " + SplitChoice.WORDS));
    }

    /** One split to put utterances in: train, val or test ("all" is no place for a row). */
    static Split one(String split) {
        Split chosen = Split.parse(split);
        if (chosen == Split.NONE) {
            throw new CommandFailedException("--split " + split + ": expected train, val or test");
        }
        return chosen;
    }

    /**
     * Why {@code choice} of {@code dataset} gave no utterance, with the splits the dataset has and
     * what to do: a manifest without a {@code split} key (NeMo's usual) puts every row in none.
     */
    static CommandFailedException nothingIn(Catalog catalog, String dataset, SplitChoice choice) {
        SplitCounts counts = SplitCounts.of(catalog, dataset);
        if (counts.holds(choice)) {
            return new CommandFailedException(
                    "dataset "
                            + dataset
                            + " has no usable "
                            + choice.key()
                            + " utterances (it has "
                            + counts.describe()
                            + "; excluded ones and ones with characters outside the model's"
                            + " alphabet are left out)");
        }
        return new CommandFailedException(
                "dataset "
                        + dataset
                        + " has no "
                        + choice.key()
                        + " utterances (it has "
                        + counts.describe()
                        + "); use --split all, or give it splits: asrwb dataset split "
                        + dataset
                        + " --val 0.1 --test 0.1");
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
