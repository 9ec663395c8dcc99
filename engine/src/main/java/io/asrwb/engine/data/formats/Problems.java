package io.asrwb.engine.data.formats;

import io.asrwb.engine.data.ImportProblem;
import io.asrwb.engine.data.ProblemKind;
import java.nio.file.Path;

/** The wording of every import problem, in one place so messages and hints stay consistent. */
final class Problems {

    private Problems() {}

    static RowProblem malformed(Path file, int line, String what) {
        return new RowProblem(
                new ImportProblem(
                        file.toString(),
                        line,
                        ProblemKind.MALFORMED_LINE,
                        what,
                        "fix or remove the line; the other lines were imported",
                        true));
    }

    static RowProblem malformed(Path file, int line, String what, String hint) {
        return new RowProblem(
                new ImportProblem(
                        file.toString(), line, ProblemKind.MALFORMED_LINE, what, hint, true));
    }

    static RowProblem missingColumnValue(Path file, int line, String column) {
        return malformed(
                file,
                line,
                "the '" + column + "' column is empty",
                "fill in '" + column + "' or remove the line");
    }

    static RowProblem invalidPath(Path file, int line, String raw) {
        return malformed(
                file,
                line,
                "'" + raw + "' is not a valid file path",
                "correct the path or remove the line");
    }

    static RowProblem missingFile(Path file, int line, String what, String hint) {
        return new RowProblem(
                new ImportProblem(
                        file.toString(), line, ProblemKind.MISSING_FILE, what, hint, true));
    }

    static RowProblem missingTranscript(Path file, int line, String what, String hint) {
        return new RowProblem(
                new ImportProblem(
                        file.toString(), line, ProblemKind.MISSING_TRANSCRIPT, what, hint, true));
    }

    /** The problem for a header row that lacks required columns: nothing below it can be read. */
    static RowProblem missingColumns(Path file, int line, String missing, String expected) {
        return malformed(
                file,
                line,
                "header lacks column(s) " + missing + " (expected " + expected + ")",
                "add the header line '" + expected + "'");
    }

    static ImportProblem problem(ManifestEntry e, ProblemKind kind, String what, String hint) {
        return new ImportProblem(e.file(), e.line(), kind, what, hint, true);
    }

    static ImportProblem problemAt(
            String file, int line, ProblemKind kind, String what, String hint) {
        return new ImportProblem(file, line, kind, what, hint, true);
    }
}
