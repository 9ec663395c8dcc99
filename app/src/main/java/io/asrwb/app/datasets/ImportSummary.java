package io.asrwb.app.datasets;

import io.asrwb.engine.data.ImportProblem;
import java.util.List;

/** The report shown after an import: counts and every problem, file and line. */
public record ImportSummary(String dataset, int imported, long rejected, double hours, List<ImportProblem> problems) {

  public ImportSummary {
    problems = List.copyOf(problems);
  }

  public String headline() {
    return String.format(java.util.Locale.ROOT, "'%s': %d utterances imported (%.2f h), %d rejected, %d warnings",
        dataset, imported, hours, rejected, problems.size() - rejected);
  }
}
