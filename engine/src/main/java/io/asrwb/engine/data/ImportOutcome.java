package io.asrwb.engine.data;

import java.nio.file.Path;
import java.util.List;

/**
 * The result of reading a dataset: every good utterance and every problem found. Problems with
 * {@code rejected == true} correspond to input left out; warnings leave the utterance in.
 *
 * @param format     the format that was read
 * @param source     what the user pointed at (manifest file or folder)
 * @param root       the folder that relative audio paths in {@code utterances} resolve against
 * @param utterances the accepted utterances, in source order
 * @param problems   everything wrong, in source order
 */
public record ImportOutcome(
        DatasetFormat format,
        Path source,
        Path root,
        List<Utterance> utterances,
        List<ImportProblem> problems) {

    public ImportOutcome {
        utterances = List.copyOf(utterances);
        problems = List.copyOf(problems);
    }

    public long rejectedCount() {
        return problems.stream().filter(ImportProblem::rejected).count();
    }

    public double totalHours() {
        return utterances.stream().mapToDouble(Utterance::durationSeconds).sum() / 3600.0;
    }
}
