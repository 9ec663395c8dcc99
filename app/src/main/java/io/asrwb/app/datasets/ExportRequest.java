package io.asrwb.app.datasets;

import io.asrwb.engine.data.DatasetFormat;
import java.nio.file.Path;

/**
 * What the user asked to export: built by the export dialog, run by the view model.
 *
 * @param note recorded with the manifest version; blank gives "exported as FORMAT to FOLDER"
 */
public record ExportRequest(DatasetFormat format, Path folder, String note) {}
