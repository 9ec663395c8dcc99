package io.asrwb.engine.cli;

import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.curation.SplitPlan;
import io.asrwb.engine.data.curation.SplitRefusedException;
import io.asrwb.engine.data.curation.SplitRequest;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.DatasetSplitter;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code asrwb dataset split NAME}: train, val and test splits as a new manifest version. */
@Command(
        name = "split",
        mixinStandardHelpOptions = true,
        description =
                "Give a dataset train, val and test splits (replacing any it has) as its next"
                        + " manifest version: whole speakers when every utterance has one (no"
                        + " voice in two splits), else single utterances; the same seed deals the"
                        + " same way. Utterances excluded by curation keep their split.")
final class DatasetSplitCommand implements Callable<Integer> {

    @Spec CommandSpec spec;

    @Parameters(paramLabel = "NAME", description = "the dataset")
    String name;

    @Option(
            names = "--val",
            defaultValue = "0.1",
            paramLabel = "SHARE",
            converter = Bounded.UnitInterval.class,
            description = "share of the utterances for validation (default: ${DEFAULT-VALUE})")
    double val;

    @Option(
            names = "--test",
            defaultValue = "0.1",
            paramLabel = "SHARE",
            converter = Bounded.UnitInterval.class,
            description = "share of the utterances for test (default: ${DEFAULT-VALUE})")
    double test;

    @Option(
            names = "--by",
            paramLabel = "speaker|utterance",
            description =
                    "deal whole speakers or single utterances (default: speaker when every"
                            + " utterance has a speaker, else utterance)")
    String by;

    @Option(
            names = "--seed",
            defaultValue = "1",
            paramLabel = "N",
            converter = Bounded.NonNegativeLong.class,
            description = "seed of the deal (default: ${DEFAULT-VALUE})")
    long seed;

    @Override
    public Integer call() {
        Main main = (Main) spec.root().userObject();
        CliOutput out = main.output();
        Optional<SplitRequest.By> chosenBy = Optional.empty();
        if (by != null) {
            chosenBy =
                    Optional.of(
                            SplitRequest.By.parse(by)
                                    .orElseThrow(
                                            () ->
                                                    new CommandFailedException(
                                                            "--by "
                                                                    + by
                                                                    + ": expected speaker or"
                                                                    + " utterance")));
        }
        try (Catalog catalog = main.openCatalog()) {
            DatasetSplitter.Result r =
                    DatasetSplitter.split(
                            catalog,
                            name,
                            new SplitRequest(val, test, chosenBy, seed),
                            Clock.systemUTC());
            report(out, r);
            return ExitCodes.OK;
        } catch (SplitRefusedException e) {
            throw new CommandFailedException(
                    "dataset " + name + " was not split: " + e.getMessage());
        }
    }

    private void report(CliOutput out, DatasetSplitter.Result r) {
        SplitPlan plan = r.plan();
        out.human("split '" + name + "' by " + plan.by().key() + " (seed " + seed + "):");
        Map<String, Object> counts = new LinkedHashMap<>();
        for (Split s : List.of(Split.TRAIN, Split.VAL, Split.TEST)) {
            int n = plan.utterances().getOrDefault(s, 0);
            int speakers = plan.speakers().getOrDefault(s, 0);
            out.human(
                    String.format(
                            Locale.ROOT,
                            "  %-5s %6d utterances%s",
                            s.key(),
                            n,
                            speakers == 0 ? "" : ", " + speakers + " speakers"));
            counts.put(s.key(), Map.of("utterances", n, "speakers", speakers));
        }
        out.human(
                "manifest version "
                        + r.manifest().version()
                        + " sha256 "
                        + r.manifest().contentHash());
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("dataset", name);
        f.put("by", plan.by().key());
        f.put("seed", seed);
        f.put("val", val);
        f.put("test", test);
        f.put("splits", counts);
        Map<String, Integer> before = new LinkedHashMap<>();
        r.before().forEach((s, n) -> before.put(s.key(), n));
        f.put("before", before);
        f.put("manifestVersion", r.manifest().version());
        f.put("manifestHash", r.manifest().contentHash());
        out.record("dataset-split", f);
    }
}
