package io.asrwb.engine.cli;

import io.asrwb.engine.align.AlignListener;
import io.asrwb.engine.align.CatalogAlignment;
import io.asrwb.engine.data.SplitChoice;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.inference.Transcriber;
import io.asrwb.engine.store.Catalog;
import java.io.IOException;
import java.nio.file.Path;
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

/** {@code asrwb align}: word spans of a split's references and hypotheses, into the catalog. */
@Command(
        name = "align",
        mixinStandardHelpOptions = true,
        description =
                "CTC forced alignment of each utterance's reference and of the model's hypothesis"
                        + " on a dataset split; stores word spans and confidences in the catalog"
                        + " (replacing an earlier alignment of the split by the same checkpoint).",
        subcommands = AlignExportCommand.class)
final class AlignCommand implements Callable<Integer> {

    @Option(
            names = "--model",
            paramLabel = "CKPT",
            description =
                    "checkpoint folder, or a run folder (its newest checkpoint); required (not"
                            + " marked so only because 'align export' needs none)")
    Path model;

    @Option(
            names = "--dataset",
            paramLabel = "NAME",
            description = "dataset in the catalog; required")
    String dataset;

    @Mixin SplitOption split;

    @Option(
            names = "--batch",
            defaultValue = "16",
            paramLabel = "N",
            converter = Bounded.PositiveInt.class,
            description = "utterances per forward pass (default: ${DEFAULT-VALUE})")
    int batch;

    @Mixin ExportOptions export;

    @Mixin DecoderOptions decoding;

    @Spec CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Main main = (Main) spec.root().userObject();
        CliOutput out = main.output();
        SplitOption.require(spec, model, "--model=CKPT");
        SplitOption.require(spec, dataset, "--dataset=NAME");
        SplitChoice chosen = split.choice();
        export.check(spec);
        TrainedModel trained = TrainedModel.load(ModelOption.checked(model, List.of()));
        Transcriber transcriber = decoding.chosen(trained).transcriber(trained);
        try (Catalog catalog = main.openCatalog()) {
            long started = System.nanoTime();
            CatalogAlignment.Result result =
                    CatalogAlignment.run(
                            catalog,
                            dataset,
                            chosen,
                            transcriber,
                            batch,
                            progress(out),
                            () -> false);
            if (result.utterances() == 0) {
                throw SplitOption.nothingIn(catalog, dataset, chosen);
            }
            double seconds = (System.nanoTime() - started) / 1e9;
            out.human(
                    String.format(
                            Locale.ROOT,
                            "aligned %s/%s with %s: %d utterances (%d aligned, %d partly, %d not),"
                                    + " mean reference word confidence %.3f, %.1f s",
                            dataset,
                            chosen.key(),
                            trained.checkpoint(),
                            result.utterances(),
                            result.aligned(),
                            result.partial(),
                            result.failed(),
                            result.meanConfidence(),
                            seconds));
            Map<String, Object> record = new LinkedHashMap<>();
            record.put("model", trained.checkpoint().toString());
            record.put("dataset", dataset);
            record.put("split", chosen.key());
            record.put("alignment_id", result.alignmentId());
            record.put("utterances", result.utterances());
            record.put("aligned", result.aligned());
            record.put("partial", result.partial());
            record.put("failed", result.failed());
            record.put("mean_confidence", result.meanConfidence());
            record.put("seconds", seconds);
            out.record("align", record);
            if (export.requested()) {
                export.write(catalog, result.datasetId(), result.alignmentId(), out);
            }
            return ExitCodes.OK;
        }
    }

    /** A line at each tenth of the split (human mode only). */
    private static AlignListener progress(CliOutput out) {
        int[] lastTenth = {0};
        return AlignListener.progressOnly(
                (done, total) -> {
                    int tenth = total == 0 ? 10 : done * 10 / total;
                    if (tenth > lastTenth[0] && done < total) {
                        lastTenth[0] = tenth;
                        out.human(String.format(Locale.ROOT, "  %d/%d utterances", done, total));
                    }
                });
    }
}
