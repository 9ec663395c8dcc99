package io.asrwb.engine.cli;

import io.asrwb.engine.analysis.ErrorAnalysis;
import io.asrwb.engine.analysis.ErrorFile;
import io.asrwb.engine.analysis.ErrorReport;
import io.asrwb.engine.analysis.ErrorTables;
import io.asrwb.engine.analysis.ScoredUtterance;
import io.asrwb.engine.data.SplitChoice;
import io.asrwb.engine.events.TrainingEvent.EvalCompleted;
import io.asrwb.engine.inference.ModelDecoding;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.store.Catalog;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
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

/** {@code asrwb eval}: a checkpoint's WER and CER on a split of a catalog dataset. */
@Command(
        name = "eval",
        mixinStandardHelpOptions = true,
        description =
                "Print a model's corpus WER and CER on a dataset split; stores each utterance's"
                        + " CER.")
final class EvalCommand implements Callable<Integer> {

    @Mixin CheckpointOption model;

    @Mixin DatasetOption dataset;

    @Mixin SplitOption split;

    @Option(
            names = "--errors",
            paramLabel = "FILE.json",
            description =
                    "also write each utterance's word-by-word diff and the corpus error tables"
                            + " (substitutions, word accuracy, WER by speaker, duration, folder)"
                            + " to this JSON file, and print the tables")
    Path errors;

    @Option(
            names = "--by",
            paramLabel = "FIELD",
            description =
                    "with --errors, also a WER table by this manifest field (e.g. accent, mic: a"
                            + " NeMo key or CSV/TSV column kept at import); repeatable")
    List<String> by = new ArrayList<>();

    /** Rows of each table printed; the JSON file has them all. */
    private static final int TABLE_ROWS = 15;

    @Mixin DecoderOptions decoding;

    @Spec CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Main main = (Main) spec.root().userObject();
        CliOutput out = main.output();
        SplitChoice chosen = split.choice();
        TrainedModel trained = model.load();
        ModelDecoding chosenDecoding = decoding.chosen(trained);
        try (Catalog catalog = main.openCatalog()) {
            SplitEvaluation evaluation =
                    SplitEvaluation.run(catalog, dataset.name, chosen, trained, chosenDecoding);
            EvalCompleted result = evaluation.result();
            List<ScoredUtterance> utterances = evaluation.scored();
            evaluation.store(catalog);
            out.human(
                    String.format(
                            Locale.ROOT,
                            "%s on %s/%s (%d utterances, %s decoding): WER %.2f %%  CER %.2f %%",
                            trained.checkpoint(),
                            dataset.name,
                            chosen.key(),
                            evaluation.splitSize(),
                            DecoderOptions.describe(chosenDecoding),
                            100 * result.wer(),
                            100 * result.cer()));
            Map<String, Object> record = new LinkedHashMap<>();
            record.put("model", trained.checkpoint().toString());
            record.put("dataset", dataset.name);
            record.put("split", chosen.key());
            record.put("utterances", evaluation.splitSize());
            record.put("decoder", chosenDecoding.settings().kind().name().toLowerCase(Locale.ROOT));
            if (chosenDecoding.languageModel() != null) {
                record.put("lm", chosenDecoding.languageModel().toString());
            }
            record.put("wer", result.wer());
            record.put("cer", result.cer());
            record.put("loss", result.loss());
            if (!by.isEmpty() && errors == null) {
                throw new CommandFailedException(
                        "--by needs --errors FILE.json; add it to get the WER-by-field tables");
            }
            if (errors != null) {
                Map<String, Map<String, String>> meta =
                        ManifestFields.byUtterance(catalog, evaluation.dataset(), by);
                ErrorReport report = ErrorAnalysis.of(utterances, meta, by);
                ErrorFile.write(errors, record, report, utterances);
                out.human("");
                out.human(ErrorTables.of(report, TABLE_ROWS).stripTrailing());
                out.human("");
                out.human("word-by-word diffs of every utterance: " + errors);
                record.put("errors", errors.toString());
            }
            out.record("eval", record);
            return ExitCodes.OK;
        }
    }
}
