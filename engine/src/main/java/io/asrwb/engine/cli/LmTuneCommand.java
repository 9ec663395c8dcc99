package io.asrwb.engine.cli;

import io.asrwb.engine.data.SplitChoice;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.decode.lm.ArpaReader;
import io.asrwb.engine.decode.lm.LanguageModel;
import io.asrwb.engine.decode.tune.GridPoint;
import io.asrwb.engine.decode.tune.ScoredUtterance;
import io.asrwb.engine.decode.tune.WeightGridSearch;
import io.asrwb.engine.inference.DecoderSettings;
import io.asrwb.engine.inference.ModelDecoding;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.metrics.TextNormaliser;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.CatalogCorpus;
import io.asrwb.engine.train.AcousticScores;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code asrwb lm tune}: the WER of every (α, β) on a split, with the model run once per
 * utterance and only the beam search repeated per grid point.
 */
@Command(
        name = "tune",
        mixinStandardHelpOptions = true,
        description =
                "Grid-search the language-model weight α and word bonus β of the beam search on a"
                        + " dataset split: prints the WER surface and the best pair.")
final class LmTuneCommand implements Callable<Integer> {

    @Mixin CheckpointOption model;

    @Mixin DatasetOption dataset;

    @Option(
            names = "--split",
            defaultValue = "val",
            paramLabel = "SPLIT",
            description =
                    SplitOption.HELP + " (default: ${DEFAULT-VALUE}; tune on val, report on test)")
    String split;

    @Option(
            names = "--lm",
            required = true,
            paramLabel = "ARPA",
            description = "ARPA n-gram language model")
    Path lm;

    @Option(
            names = "--alphas",
            split = ",",
            converter = Bounded.FiniteDouble.class,
            defaultValue = "0,0.25,0.5,0.75,1,1.5,2",
            paramLabel = "α",
            description = "language-model weights to try (default: ${DEFAULT-VALUE})")
    List<Double> alphas;

    @Option(
            names = "--betas",
            split = ",",
            converter = Bounded.FiniteDouble.class,
            defaultValue = "0,0.5,1,1.5,2,3",
            paramLabel = "β",
            description = "word bonuses to try (default: ${DEFAULT-VALUE})")
    List<Double> betas;

    @Option(
            names = "--beam-width",
            defaultValue = "32",
            paramLabel = "N",
            converter = Bounded.PositiveInt.class,
            description = "beam width (default: ${DEFAULT-VALUE})")
    int beamWidth;

    @Option(
            names = "--vocabulary",
            defaultValue = "open",
            paramLabel = "open|closed",
            description = "open: any spelling; closed: the LM's words only (--write keeps it)")
    DecoderOptions.VocabularyChoice vocabulary;

    @Option(
            names = "--threads",
            paramLabel = "N",
            converter = Bounded.PositiveInt.class,
            description =
                    "grid points decoded at once (default: up to 2, the processors available)")
    Integer threads;

    @Option(
            names = "--write",
            description =
                    "make the best pair the model's default decoding: copies the LM into the"
                            + " checkpoint folder and writes decoding.yaml there (transcribe, eval,"
                            + " push-to-talk and the app then use it)")
    boolean write;

    @Spec CommandSpec spec;

    @Override
    public Integer call() throws IOException, InterruptedException {
        Main main = (Main) spec.root().userObject();
        CliOutput out = main.output();
        SplitChoice chosen = SplitOption.parse(split);
        checkGrid();
        LanguageModel languageModel = ArpaReader.read(lm);
        TrainedModel trained = model.load();
        TextNormaliser normaliser = trained.alphabet().normaliser(trained.config().normaliser());
        List<Utterance> utterances;
        try (Catalog catalog = main.openCatalog()) {
            utterances =
                    CatalogCorpus.split(
                            catalog,
                            dataset.name,
                            chosen,
                            trained.alphabet().alphabet(),
                            normaliser);
            if (utterances.isEmpty()) {
                throw SplitOption.nothingIn(catalog, dataset.name, chosen);
            }
        }
        List<ScoredUtterance> scored =
                AcousticScores.of(trained, utterances, normaliser, s -> out.note("left out " + s));
        int workers =
                threads != null
                        ? Math.max(1, threads)
                        : Math.min(2, Runtime.getRuntime().availableProcessors());
        out.note(
                String.format(
                        Locale.ROOT,
                        "scored %d utterances once; decoding %d grid points on %d" + " threads",
                        scored.size(),
                        alphas.size() * betas.size(),
                        workers));
        DecoderSettings beam =
                new DecoderSettings(
                        DecoderSettings.Kind.BEAM, beamWidth, 0, 0, vocabulary.setting());
        GridPoint greedy =
                WeightGridSearch.run(
                                scored,
                                List.of(0.0),
                                List.of(0.0),
                                (a, b) -> DecoderSettings.greedy().decoderFor(trained, null),
                                normaliser,
                                1)
                        .get(0);
        int total = alphas.size() * betas.size();
        AtomicInteger finished = new AtomicInteger();
        List<GridPoint> points =
                WeightGridSearch.run(
                        scored,
                        alphas,
                        betas,
                        (a, b) -> beam.withWeights(a, b).decoderFor(trained, languageModel),
                        normaliser,
                        workers,
                        p ->
                                out.note(
                                        String.format(
                                                Locale.ROOT,
                                                "%d/%d  α=%s β=%s  WER %.2f %%",
                                                finished.incrementAndGet(),
                                                total,
                                                trim(p.alpha()),
                                                trim(p.beta()),
                                                100 * p.wer())));
        GridPoint best = WeightGridSearch.best(points);
        print(out, points, best, greedy, scored.size());
        if (write) {
            Path file =
                    ModelDecoding.write(
                            trained.checkpoint(), beam.withWeights(best.alpha(), best.beta()), lm);
            out.human(
                    "wrote "
                            + file
                            + ": "
                            + trained.checkpoint()
                            + " now decodes with beam "
                            + beamWidth
                            + ", its LM "
                            + lm.getFileName()
                            + ", α "
                            + trim(best.alpha())
                            + ", β "
                            + trim(best.beta())
                            + " unless told otherwise (--decoder greedy, --no-lm)");
            out.record(
                    "decoding-written",
                    Map.of("file", file.toString(), "alpha", best.alpha(), "beta", best.beta()));
        }
        return ExitCodes.OK;
    }

    private void checkGrid() {
        for (double a : alphas) {
            if (!Double.isFinite(a) || a < 0) {
                throw new CommandFailedException("--alphas: " + a + " is not a weight ≥ 0");
            }
        }
        for (double b : betas) {
            if (!Double.isFinite(b)) {
                throw new CommandFailedException("--betas: " + b + " is not a finite number");
            }
        }
    }

    private void print(
            CliOutput out,
            List<GridPoint> points,
            GridPoint best,
            GridPoint greedy,
            int utterances) {
        out.human(
                String.format(
                        Locale.ROOT,
                        "WER %% of %s on %s/%s (%d utterances), beam %d, LM %s;"
                                + " greedy without LM: WER %.2f %%",
                        model.path,
                        dataset.name,
                        SplitOption.parse(split).key(),
                        utterances,
                        beamWidth,
                        lm,
                        100 * greedy.wer()));
        StringBuilder header = new StringBuilder(String.format(Locale.ROOT, "%8s", "α \\ β"));
        for (double b : betas) {
            header.append(String.format(Locale.ROOT, "%8s", trim(b)));
        }
        out.human(header.toString());
        int i = 0;
        for (double a : alphas) {
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%8s", trim(a)));
            for (int j = 0; j < betas.size(); j++) {
                GridPoint p = points.get(i++);
                row.append(
                        String.format(
                                Locale.ROOT, "%7.2f%s", 100 * p.wer(), p.equals(best) ? "*" : " "));
            }
            out.human(row.toString());
        }
        out.human(
                String.format(
                        Locale.ROOT,
                        "best: α=%s β=%s  WER %.2f %%  CER %.2f %%   (use: --decoder"
                                + " beam --lm %s --alpha %s --beta %s)",
                        trim(best.alpha()),
                        trim(best.beta()),
                        100 * best.wer(),
                        100 * best.cer(),
                        lm,
                        trim(best.alpha()),
                        trim(best.beta())));
        for (GridPoint p : points) {
            out.record(
                    "lm-tune-point",
                    Map.of("alpha", p.alpha(), "beta", p.beta(), "wer", p.wer(), "cer", p.cer()));
        }
        Map<String, Object> record = new LinkedHashMap<>();
        record.put("model", model.path.toString());
        record.put("dataset", dataset.name);
        record.put("split", SplitOption.parse(split).key());
        record.put("utterances", utterances);
        record.put("lm", lm.toString());
        record.put("beamWidth", beamWidth);
        record.put("points", points.size());
        record.put("greedyWer", greedy.wer());
        record.put("greedyCer", greedy.cer());
        record.put("alpha", best.alpha());
        record.put("beta", best.beta());
        record.put("wer", best.wer());
        record.put("cer", best.cer());
        out.record("lm-tune", record);
    }

    private static String trim(double v) {
        String s = String.format(Locale.ROOT, "%.4f", v).replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }
}
