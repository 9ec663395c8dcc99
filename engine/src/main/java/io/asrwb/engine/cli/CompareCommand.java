package io.asrwb.engine.cli;

import io.asrwb.engine.analysis.BootstrapResult;
import io.asrwb.engine.analysis.Change;
import io.asrwb.engine.analysis.ErrorFile;
import io.asrwb.engine.analysis.PairedBootstrap;
import io.asrwb.engine.analysis.ScoredUtterance;
import io.asrwb.engine.data.SplitChoice;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.store.Catalog;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code asrwb compare}: two checkpoints on the same utterances, and whether B is really better. */
@Command(
        name = "compare",
        mixinStandardHelpOptions = true,
        description =
                "Decode a dataset split with checkpoints A and B: each utterance improved,"
                        + " regressed or unchanged, and the corpus WER difference with a paired"
                        + " bootstrap 95 %% confidence interval. Both evaluations are kept in the"
                        + " catalog.")
final class CompareCommand implements Callable<Integer> {

    @Option(names = "--a", required = true, paramLabel = "CKPT_A", description = "checkpoint A")
    Path a;

    @Option(names = "--b", required = true, paramLabel = "CKPT_B", description = "checkpoint B")
    Path b;

    @Mixin DatasetOption dataset;

    @Mixin SplitOption split;

    @Option(
            names = "--resamples",
            defaultValue = "1000",
            converter = Bounded.PositiveInt.class,
            paramLabel = "N",
            description = "bootstrap resamples (default: ${DEFAULT-VALUE})")
    int resamples;

    @Option(
            names = "--seed",
            defaultValue = "15",
            converter = Bounded.NonNegativeLong.class,
            paramLabel = "SEED",
            description = "seed of the resampling (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(
            names = "--show",
            defaultValue = "20",
            converter = Bounded.NonNegativeInt.class,
            paramLabel = "N",
            description = "changed utterances listed of each kind (default: ${DEFAULT-VALUE})")
    int show;

    @Mixin DecoderOptions decoding;

    @Spec CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Main main = (Main) spec.root().userObject();
        CliOutput out = main.output();
        SplitChoice chosen = split.choice();
        TrainedModel modelA = TrainedModel.load(ModelOption.checked(a, List.of()));
        TrainedModel modelB = TrainedModel.load(ModelOption.checked(b, List.of()));
        try (Catalog catalog = main.openCatalog()) {
            SplitEvaluation evalA =
                    SplitEvaluation.run(
                            catalog, dataset.name, chosen, modelA, decoding.chosen(modelA));
            SplitEvaluation evalB =
                    SplitEvaluation.run(
                            catalog, dataset.name, chosen, modelB, decoding.chosen(modelB));
            evalA.store(catalog);
            evalB.store(catalog);
            Map<String, ScoredUtterance> byIdB = new HashMap<>();
            evalB.scored().forEach(u -> byIdB.put(u.id(), u));
            List<ScoredUtterance[]> pairs = new ArrayList<>();
            for (ScoredUtterance ua : evalA.scored()) {
                ScoredUtterance ub = byIdB.get(ua.id());
                if (ub != null) {
                    pairs.add(new ScoredUtterance[] {ua, ub});
                }
            }
            if (pairs.isEmpty()) {
                throw new CommandFailedException(
                        "A and B scored no utterance of "
                                + dataset.name
                                + "/"
                                + chosen.key()
                                + " both");
            }
            int[] errA = new int[pairs.size()];
            int[] errB = new int[pairs.size()];
            int[] words = new int[pairs.size()];
            Map<Change, List<ScoredUtterance[]>> changes = new EnumMap<>(Change.class);
            for (Change c : Change.values()) {
                changes.put(c, new ArrayList<>());
            }
            for (int i = 0; i < pairs.size(); i++) {
                errA[i] = pairs.get(i)[0].wordErrors();
                errB[i] = pairs.get(i)[1].wordErrors();
                words[i] = pairs.get(i)[0].referenceWords();
                changes.get(Change.of(errA[i], errB[i])).add(pairs.get(i));
            }
            BootstrapResult boot = PairedBootstrap.of(errA, errB, words, resamples, seed, 0.95);
            report(out, modelA, modelB, chosen, pairs.size(), changes, boot, errA, errB, words);
            return ExitCodes.OK;
        }
    }

    private void report(
            CliOutput out,
            TrainedModel modelA,
            TrainedModel modelB,
            SplitChoice chosen,
            int paired,
            Map<Change, List<ScoredUtterance[]>> changes,
            BootstrapResult boot,
            int[] errA,
            int[] errB,
            int[] words) {
        double werA = PairedBootstrap.wer(errA, words);
        double werB = PairedBootstrap.wer(errB, words);
        out.human(String.format(Locale.ROOT, "A %s: WER %.2f %%", modelA.checkpoint(), 100 * werA));
        out.human(String.format(Locale.ROOT, "B %s: WER %.2f %%", modelB.checkpoint(), 100 * werB));
        out.human(
                String.format(
                        Locale.ROOT,
                        "%s/%s, %d utterances: %d improved, %d regressed, %d unchanged",
                        dataset.name,
                        chosen.key(),
                        paired,
                        changes.get(Change.IMPROVED).size(),
                        changes.get(Change.REGRESSED).size(),
                        changes.get(Change.UNCHANGED).size()));
        out.human(boot.describe());
        for (Change c : List.of(Change.REGRESSED, Change.IMPROVED)) {
            List<ScoredUtterance[]> list = changes.get(c);
            if (!list.isEmpty() && show > 0) {
                out.human("");
                out.human(c.name().toLowerCase(Locale.ROOT) + " (errors A -> B):");
            }
            for (ScoredUtterance[] p : list.subList(0, Math.min(show, list.size()))) {
                out.human(
                        String.format(
                                Locale.ROOT,
                                "  %s  %d -> %d%n    ref %s%n    A   %s%n    B   %s",
                                p[0].id(),
                                p[0].wordErrors(),
                                p[1].wordErrors(),
                                p[0].reference(),
                                ErrorFile.line(p[0].edits()),
                                ErrorFile.line(p[1].edits())));
            }
        }
        for (Change c : Change.values()) {
            for (ScoredUtterance[] p : changes.get(c)) {
                Map<String, Object> u = new LinkedHashMap<>();
                u.put("id", p[0].id());
                u.put("change", c.name().toLowerCase(Locale.ROOT));
                u.put("reference", p[0].reference());
                u.put("hypothesis_a", p[0].hypothesis());
                u.put("hypothesis_b", p[1].hypothesis());
                u.put("errors_a", p[0].wordErrors());
                u.put("errors_b", p[1].wordErrors());
                out.record("compare_utterance", u);
            }
        }
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("a", modelA.checkpoint().toString());
        r.put("b", modelB.checkpoint().toString());
        r.put("dataset", dataset.name);
        r.put("split", chosen.key());
        r.put("utterances", paired);
        r.put("wer_a", werA);
        r.put("wer_b", werB);
        r.put("improved", changes.get(Change.IMPROVED).size());
        r.put("regressed", changes.get(Change.REGRESSED).size());
        r.put("unchanged", changes.get(Change.UNCHANGED).size());
        r.put("delta", boot.delta());
        r.put("ci_low", boot.low());
        r.put("ci_high", boot.high());
        r.put("level", boot.level());
        r.put("resamples", boot.resamples());
        r.put("seed", boot.seed());
        r.put("significant", boot.significant());
        out.record("compare", r);
    }
}
