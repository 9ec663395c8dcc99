package io.asrwb.engine.analysis;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/** An {@link ErrorReport} as plain-text tables for a terminal. */
public final class ErrorTables {

    private ErrorTables() {}

    /** The tables, each cut to {@code rows} lines (the JSON file keeps them whole). */
    public static String of(ErrorReport report, int rows) {
        StringBuilder out = new StringBuilder();
        out.append(
                String.format(
                        Locale.ROOT,
                        "%d utterances, %d reference words, %d word errors: WER %.2f %%%n",
                        report.utterances(),
                        report.referenceWords(),
                        report.wordErrors(),
                        100 * report.wer()));
        out.append("\nmost frequent substitutions (reference -> hypothesis)\n");
        List<ErrorReport.Substitution> subs = report.substitutions();
        if (subs.isEmpty()) {
            out.append("  none\n");
        }
        for (ErrorReport.Substitution s : subs.subList(0, Math.min(rows, subs.size()))) {
            out.append(
                    String.format(
                            Locale.ROOT,
                            "  %6d  %s -> %s%n",
                            s.count(),
                            s.reference(),
                            s.hypothesis()));
        }
        out.append("\nword accuracy, worst first (occurrences, recognised)\n");
        List<ErrorReport.WordAccuracy> words = report.words();
        for (ErrorReport.WordAccuracy w : words.subList(0, Math.min(rows, words.size()))) {
            out.append(
                    String.format(
                            Locale.ROOT,
                            "  %6.1f %%  %6d %6d  %s%n",
                            100 * w.accuracy(),
                            w.occurrences(),
                            w.correct(),
                            w.word()));
        }
        for (Map.Entry<String, List<ErrorReport.GroupWer>> g : report.groups().entrySet()) {
            out.append("\nWER by ").append(g.getKey()).append(" (utterances, words, errors)\n");
            List<ErrorReport.GroupWer> groups = g.getValue();
            for (ErrorReport.GroupWer w : groups.subList(0, Math.min(rows, groups.size()))) {
                out.append(
                        String.format(
                                Locale.ROOT,
                                "  %6.2f %%  %6d %6d %6d  %s%n",
                                100 * w.wer(),
                                w.utterances(),
                                w.referenceWords(),
                                w.wordErrors(),
                                w.key().isEmpty() ? "(none)" : w.key()));
            }
            if (groups.size() > rows) {
                out.append("  … ").append(groups.size() - rows).append(" more in the JSON file\n");
            }
        }
        return out.toString();
    }
}
