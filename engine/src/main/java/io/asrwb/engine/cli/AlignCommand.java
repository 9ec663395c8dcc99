package io.asrwb.engine.cli;

import io.asrwb.engine.align.AlignListener;
import io.asrwb.engine.align.AlignmentRepository;
import io.asrwb.engine.align.CatalogAlignmentWriter;
import io.asrwb.engine.align.FrameClock;
import io.asrwb.engine.align.SplitAligner;
import io.asrwb.engine.align.UtteranceAlignment;
import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.DatasetRepository;
import io.asrwb.engine.train.CatalogCorpus;
import io.asrwb.engine.train.TrainedModel;
import io.asrwb.engine.train.Transcriber;
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

    @Option(
            names = "--split",
            defaultValue = "test",
            paramLabel = "SPLIT",
            description = "train, val or test (default: ${DEFAULT-VALUE})")
    String split;

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
        Split chosen = SplitOption.parse(split);
        export.check(spec);
        TrainedModel trained = TrainedModel.load(ModelOption.checked(model, List.of()));
        Transcriber transcriber = decoding.chosen(trained).transcriber(trained);
        try (Catalog catalog = main.openCatalog()) {
            List<Utterance> utterances =
                    CatalogCorpus.split(
                            catalog, dataset, chosen, trained.alphabet(), transcriber.normaliser());
            if (utterances.isEmpty()) {
                throw new CommandFailedException(
                        "dataset " + dataset + " has no " + chosen.key() + " utterances");
            }
            long datasetId = catalog.read(c -> new DatasetRepository(c).require(dataset).id());
            long alignmentId =
                    catalog.transaction(
                            c ->
                                    new AlignmentRepository(c)
                                            .replace(
                                                    datasetId,
                                                    chosen.key(),
                                                    trained.checkpoint().toString(),
                                                    trained.state().step(),
                                                    FrameClock.secondsPerOutputFrame(trained)));
            long started = System.nanoTime();
            CatalogAlignmentWriter writer =
                    new CatalogAlignmentWriter(catalog, alignmentId, progress(out));
            new SplitAligner(transcriber, batch).run(utterances, writer, () -> false);
            double seconds = (System.nanoTime() - started) / 1e9;
            out.human(
                    String.format(
                            Locale.ROOT,
                            "aligned %s/%s with %s: %d utterances (%d aligned, %d partly, %d not),"
                                    + " mean reference word confidence %.3f, %.1f s",
                            dataset,
                            chosen.key(),
                            trained.checkpoint(),
                            utterances.size(),
                            writer.alignedCount(),
                            writer.partialCount(),
                            writer.failedCount(),
                            writer.meanReferenceConfidence(),
                            seconds));
            Map<String, Object> record = new LinkedHashMap<>();
            record.put("model", trained.checkpoint().toString());
            record.put("dataset", dataset);
            record.put("split", chosen.key());
            record.put("alignment_id", alignmentId);
            record.put("utterances", utterances.size());
            record.put("aligned", writer.alignedCount());
            record.put("partial", writer.partialCount());
            record.put("failed", writer.failedCount());
            record.put("mean_confidence", writer.meanReferenceConfidence());
            record.put("seconds", seconds);
            out.record("align", record);
            if (export.requested()) {
                export.write(catalog, datasetId, alignmentId, out);
            }
            return ExitCodes.OK;
        }
    }

    /** A line at each tenth of the split (human mode only). */
    private static AlignListener progress(CliOutput out) {
        return new AlignListener() {
            private int lastTenth;

            @Override
            public void aligned(List<UtteranceAlignment> batch) {}

            @Override
            public void progress(int done, int total) {
                int tenth = total == 0 ? 10 : done * 10 / total;
                if (tenth > lastTenth && done < total) {
                    lastTenth = tenth;
                    out.human(String.format(Locale.ROOT, "  %d/%d utterances", done, total));
                }
            }
        };
    }
}
