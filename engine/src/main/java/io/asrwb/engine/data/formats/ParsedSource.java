package io.asrwb.engine.data.formats;

import java.nio.file.Path;
import java.util.List;

/**
 * What a reader found in a source before any audio is touched.
 *
 * @param root the dataset root: audio must lie under it, accepted audio paths are made relative to it
 * @param rows every entry and parse problem, in source order
 */
public record ParsedSource(Path root, List<SourceRow> rows) {
    public ParsedSource {
        root = root.toAbsolutePath().normalize();
        rows = List.copyOf(rows);
    }
}
