package io.asrwb.engine.cli;

import io.asrwb.engine.config.AlphabetConfig;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.data.Split;
import io.asrwb.engine.decode.lm.build.ArpaWriter;
import io.asrwb.engine.decode.lm.build.Discounts;
import io.asrwb.engine.decode.lm.build.KneserNeyEstimator;
import io.asrwb.engine.decode.lm.build.NgramCounts;
import io.asrwb.engine.decode.lm.build.NgramModel;
import io.asrwb.engine.decode.lm.build.PruneThresholds;
import io.asrwb.engine.inference.RunAlphabet;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.train.LmTrainingText;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code asrwb lm build}: an interpolated modified Kneser-Ney n-gram model, written as ARPA, from a
 * dataset's curated transcripts and text files.
 */
@Command(
        name = "build",
        mixinStandardHelpOptions = true,
        description =
                "Build an n-gram language model (interpolated modified Kneser-Ney, ARPA) from a"
                        + " dataset's curated transcripts and/or text files (one sentence a line).")
final class LmBuildCommand implements Callable<Integer> {

    @Option(
            names = "--dataset",
            paramLabel = "NAME",
            description =
                    "catalog dataset whose curated transcripts are read (exclusions and edits"
                            + " applied)")
    String dataset;

    @Option(
            names = {"--splits", "--split"},
            split = ",",
            defaultValue = "train",
            paramLabel = "SPLIT",
            description =
                    "the dataset's splits to read, comma-separated: "
                            + SplitOption.HELP
                            + " (default: ${DEFAULT-VALUE}, with the utterances of no split; keep"
                            + " val and test out so 'lm tune' and 'eval' measure honestly)")
    List<String> splits;

    @Option(
            names = "--text",
            arity = "1..*",
            paramLabel = "FILE",
            description = "UTF-8 text files, one sentence a line")
    List<Path> texts = new ArrayList<>();

    @Option(
            names = "--order",
            defaultValue = "3",
            paramLabel = "N",
            converter = Bounded.PositiveInt.class,
            description = "n-gram order (default: ${DEFAULT-VALUE})")
    int order;

    @Option(
            names = "--prune",
            split = ",",
            paramLabel = "COUNT",
            converter = Bounded.NonNegativeLong.class,
            description =
                    "per order, drop n-grams seen at most COUNT times, as lmplz --prune: e.g. 0,0,1"
                        + " drops trigrams seen once (the last value repeats for higher orders)")
    List<Long> prune = new ArrayList<>();

    @Option(
            names = "--alphabet",
            paramLabel = "FILE",
            description =
                    "alphabet file of the model that will use the LM (default: the built-in"
                            + " English)")
    Path alphabetFile;

    @Option(
            names = "--out",
            required = true,
            paramLabel = "FILE.arpa",
            description = "ARPA file to write")
    Path out;

    @Spec CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Main main = (Main) spec.root().userObject();
        CliOutput output = main.output();
        if (dataset == null && texts.isEmpty()) {
            throw new CommandFailedException(
                    "nothing to learn from: give --dataset NAME and/or --text FILE");
        }
        if (order < 1 || order > 10) {
            throw new CommandFailedException(
                    "--order " + order + ": expected 1 to 10 (3 to 5 is usual)");
        }
        PruneThresholds thresholds = pruneThresholds();
        Set<Split> chosen = chosenSplits();
        RunAlphabet alphabet =
                RunAlphabet.of(
                        new AlphabetConfig(
                                "english", alphabetFile == null ? "" : alphabetFile.toString()),
                        Path.of(""));
        LmTrainingText text =
                new LmTrainingText(
                        alphabet, alphabet.normaliser(RunConfig.defaults().normaliser()));
        List<String> sources = new ArrayList<>();
        if (dataset != null) {
            try (Catalog catalog = main.openCatalog()) {
                int n = text.addDataset(catalog, dataset, chosen);
                sources.add(n + " transcripts of " + dataset + " " + String.join("+", splits));
            }
        }
        for (Path file : texts) {
            if (!Files.isRegularFile(file)) {
                throw new CommandFailedException("--text " + file + ": no such file");
            }
            sources.add(text.addFile(file) + " lines of " + file);
        }
        text.notes().forEach(output::note);
        if (text.sentences().isEmpty()) {
            throw new CommandFailedException(
                    "no sentences to learn from (" + String.join(", ", sources) + ")");
        }
        NgramCounts counts = new NgramCounts(order);
        text.sentences().forEach(counts::addText);
        NgramModel model = KneserNeyEstimator.estimate(counts, thresholds);
        ArpaWriter.write(model, out);
        report(output, model, counts, sources);
        return ExitCodes.OK;
    }

    private void report(
            CliOutput output, NgramModel model, NgramCounts counts, List<String> sources) {
        List<Integer> ngrams = new ArrayList<>();
        for (int n = 1; n <= model.order(); n++) {
            ngrams.add(model.count(n));
        }
        output.human(
                String.format(
                        Locale.ROOT,
                        "wrote %s: %d-gram model, n-grams per order %s, from %d"
                                + " sentences (%s)",
                        out,
                        model.order(),
                        ngrams,
                        counts.sentences(),
                        String.join(", ", sources)));
        for (int n = 1; n <= model.order(); n++) {
            Discounts d = model.discounts().get(n - 1);
            output.human("  order " + n + ": " + d);
            if (d.fallback()) {
                output.note(
                        "order "
                                + n
                                + ": too little text for modified Kneser-Ney discounts (a"
                                + " count-of-counts is zero or a discount falls outside 0..k); used"
                                + " lmplz's fallback discounts 0.5, 1, 1.5");
            }
        }
        Map<String, Object> record = new LinkedHashMap<>();
        record.put("out", out.toString());
        record.put("order", model.order());
        record.put("ngrams", ngrams);
        record.put("sentences", counts.sentences());
        record.put(
                "discounts",
                model.discounts().stream().map(d -> List.of(d.d1(), d.d2(), d.d3Plus())).toList());
        record.put("pruned", !prune.isEmpty());
        output.record("lm", record);
    }

    private PruneThresholds pruneThresholds() {
        try {
            return new PruneThresholds(prune);
        } catch (IllegalArgumentException e) {
            throw new CommandFailedException("--prune " + prune + ": " + e.getMessage());
        }
    }

    private Set<Split> chosenSplits() {
        Set<Split> chosen = EnumSet.noneOf(Split.class);
        for (String s : splits) {
            chosen.addAll(SplitOption.parse(s).splits());
        }
        return chosen;
    }
}
