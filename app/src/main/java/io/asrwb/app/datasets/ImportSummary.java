package io.asrwb.app.datasets;

import io.asrwb.engine.data.ImportProblem;
import io.asrwb.engine.data.ProblemKind;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The report shown after an import: counts and every problem, file and line. */
public record ImportSummary(
        String dataset, int imported, long rejected, double hours, List<ImportProblem> problems) {

    public ImportSummary {
        problems = List.copyOf(problems);
    }

    public String headline() {
        return String.format(
                Locale.ROOT,
                "'%s': %d utterances imported (%.2f h), %d rejected, %d warnings",
                dataset,
                imported,
                hours,
                rejected,
                problems.size() - rejected);
    }

    /** How many entries were left out, per reason, in the enum's order. */
    public Map<ProblemKind, Long> rejectedByKind() {
        Map<ProblemKind, Long> out = new EnumMap<>(ProblemKind.class);
        for (ImportProblem p : problems) {
            if (p.rejected()) {
                out.merge(p.kind(), 1L, Long::sum);
            }
        }
        return out;
    }

    /** Every problem as "file:line: message — hint", rejections first. */
    public List<String> problemLines() {
        return problems.stream()
                .sorted((a, b) -> Boolean.compare(b.rejected(), a.rejected()))
                .map(p -> (p.rejected() ? "" : "warning: ") + p.describe())
                .toList();
    }
}
