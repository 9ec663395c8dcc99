package io.asrwb.engine.cli;

import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.CuratedExporter;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code asrwb dataset export NAME --format F OUT}: write the curated dataset, record a manifest version. */
@Command(
        name = "export",
        mixinStandardHelpOptions = true,
        description =
                "Write a dataset as curated (excluded left out, edited transcripts applied) and"
                        + " record the result as a new manifest version with its SHA-256.")
final class DatasetExportCommand implements Callable<Integer> {

    @Spec CommandSpec spec;

    @Parameters(index = "0", paramLabel = "NAME", description = "the dataset")
    String name;

    @Parameters(
            index = "1",
            paramLabel = "OUT",
            description = "where to write (manifest file or folder, per format)")
    Path target;

    @Option(
            names = "--format",
            required = true,
            converter = FormatOption.class,
            completionCandidates = FormatOption.class,
            description = "one of: ${COMPLETION-CANDIDATES}")
    DatasetFormat format;

    @Option(names = "--note", description = "a note stored with the manifest version")
    String note;

    @Override
    public Integer call() throws IOException {
        Main main = (Main) spec.root().userObject();
        CliOutput out = main.output();
        try (Catalog catalog = main.openCatalog()) {
            CuratedExporter.Result r =
                    new CuratedExporter(catalog, Clock.systemUTC())
                            .export(name, format, target, note);
            out.human(
                    "exported "
                            + r.exported()
                            + " utterances of '"
                            + name
                            + "' as "
                            + format.cliName()
                            + " ("
                            + r.excluded()
                            + " excluded, "
                            + r.edited()
                            + " with edited transcripts)");
            r.files().forEach(f -> out.human("  wrote " + f));
            out.human(
                    "manifest version "
                            + r.version().version()
                            + " sha256 "
                            + r.version().contentHash());
            Map<String, Object> f = new LinkedHashMap<>();
            f.put("dataset", name);
            f.put("format", format.cliName());
            f.put("exported", r.exported());
            f.put("excluded", r.excluded());
            f.put("edited", r.edited());
            f.put("files", r.files().stream().map(Path::toString).toList());
            f.put("manifestVersion", r.version().version());
            f.put("manifestHash", r.version().contentHash());
            out.record("export-summary", f);
            return ExitCodes.OK;
        }
    }
}
