package io.asrwb.engine.bench.faults;

import java.io.PrintStream;
import java.util.Locale;

/** The bench's tables and summary line (stdout): one row per kill, then survived/total. */
final class FaultReport {

    private final PrintStream out;

    FaultReport(PrintStream out) {
        this.out = out;
    }

    void training(TrainingFaults.Result r, int steps, long seed) {
        out.printf(
                Locale.ROOT,
                "%nTraining: %d steps of a tiny DS2 on the demo corpus, a checkpoint every"
                        + " step, kill -9 at %d seeded-random moments (seed %d)%n",
                steps,
                r.planned(),
                seed);
        if (r.reference() == null) {
            out.println("  FAILED before any kill: " + r.failure());
            return;
        }
        out.printf(
                Locale.ROOT,
                "uninterrupted run %.1f s; interrupted run %.1f s in %d processes%n",
                r.referenceSeconds(),
                r.interruptedSeconds(),
                r.attempts());
        out.printf(
                "%4s  %-7s %-18s %-44s %-8s %-30s %-12s %s%n",
                "kill", "killed", "moment", "landed", "resumed", "resume", "losses", "survived");
        for (TrainingFaults.Kill k : r.kills()) {
            TrainingFaults.Moment m = k.killed().moment();
            String moment =
                    switch (m.aim()) {
                        case START -> String.format(Locale.ROOT, "start x%.2f", m.fraction());
                        case CHECKPOINT ->
                                String.format(
                                        Locale.ROOT,
                                        "step %d ckpt x%.2f",
                                        m.afterStep(),
                                        m.fraction());
                        case STEP ->
                                String.format(
                                        Locale.ROOT, "step %d +%.2f", m.afterStep(), m.fraction());
                    };
            out.printf(
                    Locale.ROOT,
                    "%4d  %-7s %-18s %-44s %-8s %-30s %-12s %s%n",
                    k.number(),
                    k.killed().command(),
                    moment,
                    TrainingFaults.describe(k.killed()),
                    k.resumedFrom() == null ? "-" : "step " + k.resumedFrom(),
                    cut(k.resume(), 30),
                    k.differsAt() == null ? "equal" : "differ @" + k.differsAt(),
                    k.survived() ? "yes" : "NO");
        }
        if (r.kills().size() < r.planned()) {
            out.printf(
                    "only %d of %d planned kills landed: the run finished first%n",
                    r.kills().size(), r.planned());
        }
        StepLosses got = r.interrupted();
        out.printf(
                Locale.ROOT,
                "step losses (the last line written for each step): %s%n",
                !r.finished()
                        ? "the interrupted run did not finish"
                        : r.firstDifference() == null
                                ? got.byStep().size()
                                        + " steps, every one bitwise equal to the uninterrupted"
                                        + " run's"
                                : "first difference at step " + r.firstDifference());
        out.printf(
                Locale.ROOT,
                "events.jsonl: %d step lines for %d steps: %d repeat a step an earlier"
                        + " attempt wrote (%d of them with another loss), %d torn line(s)%n",
                got.stepLines(),
                got.byStep().size(),
                got.repeated(),
                got.repeatedChanged(),
                r.tornLines());
        if (r.failure() != null) {
            out.println("FAILED: " + r.failure());
        }
    }

    void catalog(CatalogFaults.Result r, long seed) {
        out.printf(
                Locale.ROOT,
                "%nCatalog: a second process imports %d utterances (real WAVs, `dataset import`)"
                    + " through the serving process, which gets kill -9 at a seeded-random moment"
                    + " (seed %d)%n",
                r.utterances(),
                seed);
        if (r.failure() != null) {
            out.println("  FAILED before any kill: " + r.failure());
            return;
        }
        out.printf(
                Locale.ROOT,
                "an import through the server took %.1f s, connected to it after %.1f s; half the"
                    + " kills fall anywhere in that time, half after the importer connected; %d"
                    + " round(s) where the import ended first were not counted (each shortens the"
                    + " window to the quickest import seen)%n",
                r.referenceSeconds(),
                r.connectSeconds(),
                r.missed());
        out.printf(
                "%4s  %-7s %-13s %-56s %-10s %-16s %s%n",
                "kill", "after", "importer was", "importer", "dataset", "retry", "survived");
        int failed = 0;
        int clean = 0;
        for (CatalogFaults.Round k : r.kills()) {
            String importer =
                    k.importerExit() == 0
                            ? "carried on: " + k.importerSaid()
                            : "exit " + k.importerExit() + ": " + oneLine(k.importerSaid());
            if (k.importerExit() != 0) {
                failed++;
                clean += k.cleanMessage() ? 1 : 0;
            }
            out.printf(
                    Locale.ROOT,
                    "%4d  %5.2f s %-13s %-56s %-10s %-16s %s%n",
                    k.number(),
                    k.killAfter(),
                    k.connected() ? "connected" : "not connected",
                    cut(importer, 56),
                    k.dataset(),
                    k.retry().isEmpty() ? "-" : cut(k.retry(), 16),
                    k.survived() ? "yes" : "NO");
        }
        if (r.kills().size() < r.planned()) {
            out.printf(
                    "only %d of %d kills landed during an import%n", r.kills().size(), r.planned());
        }
        out.printf(
                "importer failures with a clean message (one line, no stack trace, no raw H2 text):"
                        + " %d/%d%n",
                clean, failed);
        long committed =
                r.kills().stream()
                        .filter(k -> k.importerExit() != 0 && k.dataset().equals("whole"))
                        .count();
        out.printf(
                "importers that failed although their import had committed (the reply was lost with"
                        + " the server; a retry would find the name taken): %d%n",
                committed);
    }

    /** The one line that a script or a person reads first; true when nothing failed. */
    boolean summary(TrainingFaults.Result training, CatalogFaults.Result catalog) {
        StringBuilder line = new StringBuilder("kills survived:");
        boolean ok = true;
        if (training != null) {
            line.append(
                    String.format(" %d/%d (training)", training.survived(), training.planned()));
            ok =
                    training.failure() == null
                            && training.survived() == training.planned()
                            && training.finished()
                            && training.firstDifference() == null;
        }
        if (catalog != null) {
            line.append(training != null ? "," : "")
                    .append(
                            String.format(
                                    " %d/%d (catalog)", catalog.survived(), catalog.planned()));
            ok &= catalog.failure() == null && catalog.survived() == catalog.planned();
        }
        out.println();
        out.println(line);
        return ok;
    }

    private static String oneLine(String text) {
        String first = TrainingFaults.firstLine(text);
        long more = text.lines().filter(l -> !l.isBlank()).count() - 1;
        return more > 0 ? "[" + (more + 1) + " lines] " + first : first;
    }

    private static String cut(String s, int width) {
        return s.length() <= width ? s : s.substring(0, width - 1) + "…";
    }
}
