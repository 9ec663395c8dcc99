package io.asrwb.engine.cli;

import io.asrwb.engine.data.ImportProblem;
import io.asrwb.engine.data.ProblemKind;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.DatasetRecord;
import io.asrwb.engine.store.DatasetRepository;
import io.asrwb.engine.store.ImportReport;
import io.asrwb.engine.store.ImportReportRepository;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code asrwb dataset problems NAME}: every problem of the dataset's import, from the import
 * report in the catalog ({@code dataset import} prints only the first few of each kind).
 */
@Command(
        name = "problems",
        mixinStandardHelpOptions = true,
        description = "List every problem found when the dataset was imported (its import report).")
final class DatasetProblemsCommand implements Callable<Integer> {

    @Spec CommandSpec spec;

    @Parameters(paramLabel = "NAME", description = "the dataset")
    String name;

    @Option(
            names = "--kind",
            paramLabel = "KIND",
            description = "only problems of this kind, e.g. chars_outside_alphabet, missing_file")
    String kind;

    @Override
    public Integer call() {
        Main main = (Main) spec.root().userObject();
        CliOutput out = main.output();
        ProblemKind only = kind == null ? null : kindOf(kind);
        try (Catalog catalog = main.openCatalog()) {
            List<ImportProblem> problems =
                    catalog.read(
                            c -> {
                                DatasetRecord d = new DatasetRepository(c).require(name);
                                ImportReportRepository reports = new ImportReportRepository(c);
                                Optional<ImportReport> report = reports.latest(d.id());
                                return report.isEmpty()
                                        ? List.<ImportProblem>of()
                                        : reports.problems(report.get().id());
                            });
            int shown = 0;
            for (ImportProblem p : problems) {
                if (only == null || p.kind() == only) {
                    out.human(p.describe());
                    out.record("problem", DatasetImportCommand.problemFields(p));
                    shown++;
                }
            }
            if (shown == 0) {
                out.human(
                        "no import problems recorded for '"
                                + name
                                + "'"
                                + (only == null ? "" : " of kind " + kind));
            }
            return ExitCodes.OK;
        }
    }

    private static ProblemKind kindOf(String value) {
        try {
            return ProblemKind.valueOf(value.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
        } catch (IllegalArgumentException e) {
            throw new CommandFailedException(
                    "--kind "
                            + value
                            + ": no such problem kind; one of "
                            + String.join(
                                    ", ",
                                    java.util.Arrays.stream(ProblemKind.values())
                                            .map(k -> k.name().toLowerCase(Locale.ROOT))
                                            .toList()));
        }
    }
}
