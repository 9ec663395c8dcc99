package io.asrwb.engine.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/** Builds an evaluation's {@link ErrorReport} from its scored utterances. */
public final class ErrorAnalysis {

    /** Upper edges of the duration buckets, in seconds; the last bucket is open. */
    private static final double[] DURATION_EDGES = {1, 2, 4, 8, 16, 32};

    private ErrorAnalysis() {}

    public static ErrorReport of(List<ScoredUtterance> utterances) {
        return of(utterances, Map.of(), List.of());
    }

    /**
     * The report with a WER table for each of {@code fields} too: the utterances grouped by their
     * value of that manifest field ("" for those without it).
     *
     * @param metaById utterance id → its manifest fields ({@code Utterance.meta})
     */
    public static ErrorReport of(
            List<ScoredUtterance> utterances,
            Map<String, Map<String, String>> metaById,
            List<String> fields) {
        Map<List<String>, Integer> subs = new HashMap<>();
        Map<String, int[]> words = new HashMap<>();
        int referenceWords = 0;
        int errors = 0;
        for (ScoredUtterance u : utterances) {
            referenceWords += u.referenceWords();
            errors += u.wordErrors();
            for (WordEdit e : u.edits()) {
                if (e.kind() == WordEdit.Kind.SUBSTITUTION) {
                    subs.merge(List.of(e.reference(), e.hypothesis()), 1, Integer::sum);
                }
                if (e.kind() != WordEdit.Kind.INSERTION) {
                    int[] seen = words.computeIfAbsent(e.reference(), w -> new int[2]);
                    seen[0]++;
                    seen[1] += e.kind() == WordEdit.Kind.MATCH ? 1 : 0;
                }
            }
        }
        List<ErrorReport.Substitution> substitutions = new ArrayList<>();
        subs.forEach(
                (k, v) -> substitutions.add(new ErrorReport.Substitution(k.get(0), k.get(1), v)));
        substitutions.sort(
                Comparator.comparingInt(ErrorReport.Substitution::count)
                        .reversed()
                        .thenComparing(ErrorReport.Substitution::reference)
                        .thenComparing(ErrorReport.Substitution::hypothesis));
        List<ErrorReport.WordAccuracy> accuracy = new ArrayList<>();
        words.forEach((w, v) -> accuracy.add(new ErrorReport.WordAccuracy(w, v[0], v[1])));
        accuracy.sort(
                Comparator.comparingDouble(ErrorReport.WordAccuracy::accuracy)
                        .thenComparing(
                                Comparator.comparingInt(ErrorReport.WordAccuracy::occurrences)
                                        .reversed())
                        .thenComparing(ErrorReport.WordAccuracy::word));
        Map<String, List<ErrorReport.GroupWer>> groups = new LinkedHashMap<>();
        groups.put("speaker", group(utterances, ScoredUtterance::speaker));
        groups.put("duration", group(utterances, u -> bucket(u.durationSeconds())));
        groups.put("folder", group(utterances, ScoredUtterance::folder));
        for (String field : fields) {
            groups.putIfAbsent(
                    field,
                    group(
                            utterances,
                            u -> metaById.getOrDefault(u.id(), Map.of()).getOrDefault(field, "")));
        }
        return new ErrorReport(
                utterances.size(), referenceWords, errors, substitutions, accuracy, groups);
    }

    /** "0-1 s", "1-2 s" … "32+ s": buckets that sort as text in time order within the table. */
    static String bucket(double seconds) {
        double low = 0;
        for (double edge : DURATION_EDGES) {
            if (seconds < edge) {
                return String.format(Locale.ROOT, "%02.0f-%02.0f s", low, edge);
            }
            low = edge;
        }
        return String.format(Locale.ROOT, "%02.0f+ s", low);
    }

    private static List<ErrorReport.GroupWer> group(
            List<ScoredUtterance> utterances, Function<ScoredUtterance, String> key) {
        Map<String, int[]> by = new HashMap<>();
        for (ScoredUtterance u : utterances) {
            int[] g = by.computeIfAbsent(key.apply(u), k -> new int[3]);
            g[0]++;
            g[1] += u.referenceWords();
            g[2] += u.wordErrors();
        }
        List<ErrorReport.GroupWer> out = new ArrayList<>();
        by.forEach((k, g) -> out.add(new ErrorReport.GroupWer(k, g[0], g[1], g[2])));
        out.sort(Comparator.comparing(ErrorReport.GroupWer::key));
        return out;
    }
}
