package io.asrwb.app.datasets;

import io.asrwb.engine.data.DatasetFormat;
import java.nio.file.Path;

/** What the user asked to import: built by the import dialog, validated by the view model. */
public record ImportRequest(DatasetFormat format, Path source, String name) {}
