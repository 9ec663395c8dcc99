package io.asrwb.engine.cli;

import io.asrwb.engine.data.Alphabet;
import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.data.ImportOutcome;
import io.asrwb.engine.data.ImportProblem;
import io.asrwb.engine.data.ImportProgress;
import io.asrwb.engine.data.ProblemKind;
import io.asrwb.engine.data.formats.DatasetIO;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.CatalogImporter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code asrwb dataset import}: read a dataset, check every entry, store the good ones. */
@Command(
        name = "import",
        mixinStandardHelpOptions = true,
        description =
                "Import a dataset into the catalog. Every problem is listed; good entries are kept."
                        + " Exits non-zero only when nothing could be imported.")
final class DatasetImportCommand implements Callable<Integer> {

    /** Stage timings at DEBUG: the import benchmark reads them to say where the time goes. */
    private static final Logger LOG = LoggerFactory.getLogger(DatasetImportCommand.class);

    /** Problems of one kind printed for people; the rest are counted. */
    static final int SHOWN_PER_KIND = 5;

    @Spec CommandSpec spec;

    @Option(
            names = "--format",
            required = true,
            converter = FormatOption.class,
            completionCandidates = FormatOption.class,
            description = "one of: ${COMPLETION-CANDIDATES}")
    DatasetFormat format;

    @Option(
            names = "--name",
            required = true,
            description = "the dataset's name in the catalog (unique)")
    String name;

    @Option(
            names = "--root",
            paramLabel = "DIR",
            description =
                    "the dataset's folder: relative audio paths in the manifest resolve against it"
                            + " and may not climb out of it (default: the manifest's folder);"
                            + " absolute paths are taken as they are")
    Path root;

    @Parameters(
            paramLabel = "PATH",
            description = "the manifest file, or the folder for folder layouts")
    Path source;

    @Override
    public Integer call() throws IOException {
        Main main = (Main) spec.root().userObject();
        CliOutput out = main.output();
        if (LOG.isDebugEnabled()) {
            LOG.debug(
                    "import stage: JVM start to command {} ms",
                    java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime());
        }
        long t0 = System.nanoTime();
        long[] closing = {0};
        try (Catalog catalog = main.openCatalog()) {
            LOG.debug("import stage: open catalog {} ms", (System.nanoTime() - t0) / 1_000_000);
            Alphabet alphabet = Alphabet.english();
            CatalogImporter importer =
                    new CatalogImporter(
                            catalog, cp -> alphabet.indexOfCodePoint(cp) >= 0, Clock.systemUTC());
            importer.requireNameFree(name);
            if (root != null && !Files.isDirectory(root)) {
                throw new CommandFailedException(
                        "--root "
                                + root
                                + " is not a folder; give the folder the manifest's relative"
                                + " audio paths start from");
            }
            ImportOutcome outcome =
                    root == null
                            ? DatasetIO.read(format, source, alphabet, ImportProgress.NONE)
                            : DatasetIO.readRelativeTo(
                                    format, source, root, alphabet, ImportProgress.NONE);
            printProblems(out, outcome);
            Map<ProblemKind, Integer> rejectedBy = new EnumMap<>(ProblemKind.class);
            outcome.problems().stream()
                    .filter(ImportProblem::rejected)
                    .forEach(p -> rejectedBy.merge(p.kind(), 1, Integer::sum));
            long warnings = outcome.problems().size() - outcome.rejectedCount();
            if (outcome.utterances().isEmpty()) {
                summary(out, 0, rejectedBy, warnings, 0, null);
                throw new CommandFailedException(
                        "nothing imported from "
                                + source
                                + ": every entry was rejected;"
                                + " fix the problems listed above and import again");
            }
            CatalogImporter.Result r = importer.store(name, outcome, ImportProgress.NONE);
            summary(
                    out,
                    outcome.utterances().size(),
                    rejectedBy,
                    warnings,
                    outcome.totalHours(),
                    r);
            closing[0] = System.nanoTime();
            return ExitCodes.OK;
        } finally {
            if (closing[0] != 0) {
                LOG.debug(
                        "import stage: close catalog {} ms",
                        (System.nanoTime() - closing[0]) / 1_000_000);
            }
        }
    }

    /**
     * Every problem as a JSON line; for people the first {@value #SHOWN_PER_KIND} of each kind and a
     * count of the rest (a 28k-line LibriSpeech import once printed 28k warnings). The import report
     * in the catalog keeps them all ({@code dataset problems}).
     */
    private void printProblems(CliOutput out, ImportOutcome outcome) {
        Map<ProblemKind, Integer> seen = new EnumMap<>(ProblemKind.class);
        for (ImportProblem p : outcome.problems()) {
            out.record("problem", problemFields(p));
            if (seen.merge(p.kind(), 1, Integer::sum) <= SHOWN_PER_KIND) {
                out.human(p.describe());
            }
        }
        String whereAll =
                outcome.utterances().isEmpty()
                        ? "--porcelain prints every one"
                        : "every one is in the import report: 'asrwb dataset problems "
                                + name
                                + "'";
        seen.forEach(
                (kind, n) -> {
                    if (n > SHOWN_PER_KIND) {
                        out.human(
                                "… and "
                                        + (n - SHOWN_PER_KIND)
                                        + " more "
                                        + kind.name().toLowerCase(Locale.ROOT)
                                        + " ("
                                        + whereAll
                                        + ")");
                    }
                });
    }

    private void summary(
            CliOutput out,
            int imported,
            Map<ProblemKind, Integer> rejectedBy,
            long warnings,
            double hours,
            CatalogImporter.Result r) {
        int rejected = rejectedBy.values().stream().mapToInt(Integer::intValue).sum();
        out.human(
                String.format(
                        Locale.ROOT,
                        "imported %d utterances (%.2f h) into '%s'",
                        imported,
                        hours,
                        name));
        if (rejected > 0) {
            StringBuilder s = new StringBuilder("rejected " + rejected + ":");
            rejectedBy.forEach(
                    (k, n) ->
                            s.append(' ')
                                    .append(k.name().toLowerCase(Locale.ROOT))
                                    .append(' ')
                                    .append(n)
                                    .append(','));
            out.human(s.substring(0, s.length() - 1));
        } else {
            out.human("rejected 0");
        }
        if (warnings > 0) {
            out.human("warnings " + warnings + " (utterances kept)");
        }
        if (r != null) {
            out.human(
                    "manifest version "
                            + r.manifest().version()
                            + " sha256 "
                            + r.manifest().contentHash());
        }
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("dataset", name);
        f.put("imported", imported);
        f.put("rejected", rejected);
        Map<String, Integer> byReason = new LinkedHashMap<>();
        rejectedBy.forEach((k, n) -> byReason.put(k.name().toLowerCase(Locale.ROOT), n));
        f.put("rejectedByReason", byReason);
        f.put("warnings", warnings);
        f.put("hours", hours);
        if (r != null) {
            f.put("manifestVersion", r.manifest().version());
            f.put("manifestHash", r.manifest().contentHash());
        }
        out.record("import-summary", f);
    }

    static Map<String, Object> problemFields(ImportProblem p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("file", p.file());
        m.put("line", p.line());
        m.put("kind", p.kind().name().toLowerCase(Locale.ROOT));
        m.put("message", p.message());
        m.put("hint", p.hint());
        m.put("rejected", p.rejected());
        return m;
    }
}
