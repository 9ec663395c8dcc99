package io.asrwb.engine.cli;

import io.asrwb.engine.align.AlignmentRecord;
import io.asrwb.engine.align.AlignmentRepository;
import io.asrwb.engine.data.SplitChoice;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.DatasetRepository;
import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code asrwb align export}: the newest stored alignment of a split, written for other tools. */
@Command(
        name = "export",
        mixinStandardHelpOptions = true,
        description =
                "Write the newest stored alignment of a dataset split as CTM, Praat TextGrid or"
                        + " Audacity labels, without aligning again.")
final class AlignExportCommand implements Callable<Integer> {

    @Mixin DatasetOption dataset;

    @Mixin SplitOption split;

    @Mixin ExportOptions export;

    @Spec CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Main main = (Main) spec.root().userObject();
        SplitChoice chosen = split.choice();
        SplitOption.require(spec, export.formats, "--export=FORMAT");
        export.check(spec);
        try (Catalog catalog = main.openCatalog()) {
            long datasetId = catalog.read(c -> new DatasetRepository(c).require(dataset.name).id());
            AlignmentRecord alignment =
                    catalog.read(c -> new AlignmentRepository(c).latest(datasetId, chosen.key()))
                            .orElseThrow(
                                    () ->
                                            new CommandFailedException(
                                                    dataset.name
                                                            + "/"
                                                            + chosen.key()
                                                            + " has no stored alignment; run"
                                                            + " 'asrwb align --model CKPT"
                                                            + " --dataset "
                                                            + dataset.name
                                                            + " --split "
                                                            + chosen.key()
                                                            + "' first"));
            export.write(catalog, datasetId, alignment.id(), main.output());
            return ExitCodes.OK;
        }
    }
}
