package io.asrwb.engine.data;

/**
 * One thing wrong with the input, said so a user can fix it.
 *
 * @param file     the file at fault (manifest, transcript or audio), as the user would find it
 * @param line     1-based line in {@code file}, or 0 when the problem is not tied to a line
 * @param kind     category, for counting rejections by reason
 * @param message  what is wrong, e.g. "audio file is empty (0 bytes)"
 * @param hint     what to do about it, e.g. "re-export the clip or remove the line"
 * @param rejected true when the utterance was left out; false for a warning on a kept utterance
 *                 (such as characters outside the alphabet)
 */
public record ImportProblem(
        String file, int line, ProblemKind kind, String message, String hint, boolean rejected) {

    /** "file:line: message — hint", the form printed by the CLI and shown in the import report. */
    public String describe() {
        String where = line > 0 ? file + ":" + line : file;
        return where + ": " + message + (hint == null || hint.isEmpty() ? "" : " — " + hint);
    }
}
