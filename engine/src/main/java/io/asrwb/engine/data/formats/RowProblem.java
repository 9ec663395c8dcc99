package io.asrwb.engine.data.formats;

import io.asrwb.engine.data.ImportProblem;

/** A row that could not be parsed into an entry (malformed line, missing column …). */
public record RowProblem(ImportProblem problem) implements SourceRow {}
