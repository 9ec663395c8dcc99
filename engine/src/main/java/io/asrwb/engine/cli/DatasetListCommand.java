package io.asrwb.engine.cli;

import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.DatasetStatsQuery;
import io.asrwb.engine.store.DatasetSummary;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code asrwb dataset list}: every dataset in the catalog with its size. */
@Command(
        name = "list",
        mixinStandardHelpOptions = true,
        description = "List the datasets in the catalog.")
final class DatasetListCommand implements Callable<Integer> {

    @Spec CommandSpec spec;

    @Override
    public Integer call() {
        Main main = (Main) spec.root().userObject();
        CliOutput out = main.output();
        try (Catalog catalog = main.openCatalog()) {
            List<DatasetSummary> all = catalog.read(c -> new DatasetStatsQuery(c).list());
            if (all.isEmpty()) {
                out.human(
                        "no datasets in the catalog at "
                                + catalog.location()
                                + "; add one with 'asrwb dataset import'");
            } else {
                out.human(
                        String.format(
                                Locale.ROOT,
                                "%-24s %-14s %10s %9s %8s  %s",
                                "NAME",
                                "FORMAT",
                                "UTTERANCES",
                                "HOURS",
                                "VERSION",
                                "SOURCE"));
            }
            for (DatasetSummary s : all) {
                out.human(
                        String.format(
                                Locale.ROOT,
                                "%-24s %-14s %10d %9.2f %8d  %s",
                                s.dataset().name(),
                                s.dataset().format().cliName(),
                                s.count(),
                                s.hours(),
                                s.latestVersion(),
                                s.dataset().source()));
                Map<String, Object> f = new LinkedHashMap<>();
                f.put("name", s.dataset().name());
                f.put("format", s.dataset().format().cliName());
                f.put("utterances", s.count());
                f.put("hours", s.hours());
                f.put("manifestVersion", s.latestVersion());
                f.put("source", s.dataset().source());
                f.put("created", s.dataset().created().toString());
                out.record("dataset", f);
            }
            return ExitCodes.OK;
        }
    }
}
