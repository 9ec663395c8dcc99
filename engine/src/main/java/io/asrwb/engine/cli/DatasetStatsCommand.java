package io.asrwb.engine.cli;

import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.DatasetStats;
import io.asrwb.engine.store.DatasetStatsQuery;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code asrwb dataset stats NAME}: size, duration histogram and flag counts. */
@Command(
        name = "stats",
        mixinStandardHelpOptions = true,
        description = "Show a dataset's size, duration histogram and curation flag counts.")
final class DatasetStatsCommand implements Callable<Integer> {

    private static final int BAR = 40;

    @Spec CommandSpec spec;

    @Parameters(paramLabel = "NAME", description = "the dataset")
    String name;

    @Override
    public Integer call() {
        Main main = (Main) spec.root().userObject();
        try (Catalog catalog = main.openCatalog()) {
            print(main.output(), catalog.read(c -> new DatasetStatsQuery(c).of(name)));
            return ExitCodes.OK;
        }
    }

    static void print(CliOutput out, DatasetStats s) {
        out.human(
                String.format(
                        Locale.ROOT,
                        "%s: %d utterances, %.2f h (%s)",
                        s.dataset().name(),
                        s.count(),
                        s.hours(),
                        s.dataset().format().cliName()));
        if (s.latestManifest() != null) {
            out.human(
                    "manifest version "
                            + s.latestManifest().version()
                            + " sha256 "
                            + s.latestManifest().contentHash());
        }
        out.human("duration histogram:");
        int max = s.histogram().stream().mapToInt(DatasetStats.Bucket::count).max().orElse(0);
        List<Map<String, Object>> buckets = new ArrayList<>();
        for (DatasetStats.Bucket b : s.histogram()) {
            String range =
                    Double.isInfinite(b.toS())
                            ? String.format(Locale.ROOT, "≥ %.0f s", b.fromS())
                            : String.format(Locale.ROOT, "%.0f–%.0f s", b.fromS(), b.toS());
            int len = max == 0 ? 0 : (int) Math.round((double) BAR * b.count() / max);
            out.human(
                    String.format(Locale.ROOT, "  %-9s %8d %s", range, b.count(), "#".repeat(len)));
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("fromS", b.fromS());
            m.put("toS", Double.isInfinite(b.toS()) ? null : b.toS());
            m.put("count", b.count());
            buckets.add(m);
        }
        out.human(
                "flags (audio checks on "
                        + s.checked()
                        + " of "
                        + s.count()
                        + " utterances; run 'asrwb dataset check'"
                        + " to update):");
        s.flags()
                .forEach(
                        (flag, n) -> out.human(String.format(Locale.ROOT, "  %-22s %8d", flag, n)));
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("name", s.dataset().name());
        f.put("utterances", s.count());
        f.put("hours", s.hours());
        f.put("histogram", buckets);
        f.put("flags", s.flags());
        f.put("audioChecked", s.checked());
        if (s.latestManifest() != null) {
            f.put("manifestVersion", s.latestManifest().version());
            f.put("manifestHash", s.latestManifest().contentHash());
        }
        out.record("stats", f);
    }
}
