package io.asrwb.engine.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.asrwb.engine.data.SplitChoice;
import io.asrwb.engine.relabel.EvalCer;
import io.asrwb.engine.relabel.RelabelCandidate;
import io.asrwb.engine.relabel.RelabelQueue;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.DatasetRecord;
import io.asrwb.engine.store.DatasetRepository;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code asrwb dataset relabel NAME}: the clips whose transcript is probably wrong, worst first. */
@Command(
        name = "relabel",
        mixinStandardHelpOptions = true,
        description =
                "List the re-label queue: clips that stay wrong across every eval of every run"
                    + " and/or align poorly, most doubtful first, with the best checkpoint's"
                    + " hypothesis as the suggested transcript (docs/decisions/relabel-queue.md).")
final class DatasetRelabelCommand implements Callable<Integer> {

    @Spec CommandSpec spec;

    @Parameters(paramLabel = "DATASET", description = "the dataset")
    String name;

    @Option(
            names = "--split",
            paramLabel = "SPLIT",
            description = "only this split: " + SplitChoice.WORDS + " (default: all)")
    String split;

    @Option(
            names = "--limit",
            defaultValue = "20",
            converter = Bounded.PositiveInt.class,
            paramLabel = "N",
            description = "at most N clips (default: ${DEFAULT-VALUE})")
    int limit;

    @Option(names = "--json", description = "print the queue as one JSON document")
    boolean json;

    @Override
    public Integer call() throws JsonProcessingException {
        if (limit < 1) {
            throw new CommandFailedException("--limit " + limit + ": give at least 1");
        }
        Main main = (Main) spec.root().userObject();
        CliOutput out = main.output();
        SplitChoice only = split == null ? SplitChoice.ALL : SplitOption.parse(split);
        try (Catalog catalog = main.openCatalog()) {
            List<RelabelCandidate> queue =
                    catalog.read(
                            c -> {
                                DatasetRecord d = new DatasetRepository(c).require(name);
                                return RelabelQueue.of(c, d.id(), only, limit);
                            });
            if (json) {
                Map<String, Object> doc = new LinkedHashMap<>();
                doc.put("dataset", name);
                doc.put("split", only.key());
                doc.put("queue", queue.stream().map(DatasetRelabelCommand::fields).toList());
                out.writer()
                        .println(
                                new ObjectMapper()
                                        .enable(SerializationFeature.INDENT_OUTPUT)
                                        .writeValueAsString(doc));
                out.writer().flush();
                return ExitCodes.OK;
            }
            if (queue.isEmpty()) {
                out.human(
                        "nothing to re-label in '"
                                + name
                                + "': no clip has a CER above 0 in its evals or a doubtful"
                                + " alignment (run asrwb eval or asrwb align on it first)");
            }
            int rank = 1;
            for (RelabelCandidate r : queue) {
                out.human(line(rank++, r));
                out.record("relabel", fields(r));
            }
            return ExitCodes.OK;
        }
    }

    private static String line(int rank, RelabelCandidate r) {
        List<String> cers = new ArrayList<>();
        for (EvalCer e : r.evals()) {
            cers.add(String.format(Locale.ROOT, "%.0f", 100 * e.cer()));
        }
        return String.format(
                Locale.ROOT,
                "%3d. %.3f  %s [%s]  CER %% in %s: %s  ref confidence: %s%n"
                        + "       transcript: %s%n"
                        + "       heard:      %s",
                rank,
                r.score(),
                r.uttId(),
                r.split(),
                r.evals().size() == 1 ? "1 eval" : r.evals().size() + " evals",
                cers.isEmpty() ? "-" : String.join(" ", cers),
                Double.isNaN(r.refConfidence())
                        ? "-"
                        : String.format(Locale.ROOT, "%.2f", r.refConfidence()),
                r.transcript(),
                r.hypothesis().isEmpty() ? "-" : r.hypothesis());
    }

    static Map<String, Object> fields(RelabelCandidate r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("utt_id", r.uttId());
        m.put("split", r.split());
        m.put("audio", r.audio());
        m.put("duration_s", r.durationSeconds());
        m.put("score", r.score());
        m.put("transcript", r.transcript());
        m.put("hypothesis", r.hypothesis());
        m.put("persistent_cer", Double.isNaN(r.persistentCer()) ? null : r.persistentCer());
        m.put("ref_confidence", Double.isNaN(r.refConfidence()) ? null : r.refConfidence());
        List<Map<String, Object>> evals = new ArrayList<>();
        for (EvalCer e : r.evals()) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("eval_id", e.evalId());
            x.put("checkpoint", e.checkpoint());
            x.put("step", e.step());
            x.put("corpus_cer", e.corpusCer());
            x.put("cer", e.cer());
            x.put("hypothesis", e.hypothesis());
            evals.add(x);
        }
        m.put("evals", evals);
        return m;
    }
}
