package io.asrwb.engine.data.formats;

/** One row of a parsed source, in source order: an entry to check, or a problem found while parsing. */
public sealed interface SourceRow permits ManifestEntry, RowProblem {}
