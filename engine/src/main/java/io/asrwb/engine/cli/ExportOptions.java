package io.asrwb.engine.cli;

import io.asrwb.engine.align.AlignmentExporter;
import io.asrwb.engine.align.AlignmentRepository;
import io.asrwb.engine.align.ExportFormat;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.StoredUtterance;
import io.asrwb.engine.store.UtteranceRepository;
import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** {@code --export FORMAT[,FORMAT…] --out DIR}: a stored alignment written for other tools. */
final class ExportOptions {

    @Option(
            names = "--export",
            split = ",",
            paramLabel = "FORMAT",
            converter = FormatConverter.class,
            description = "write the alignment as ctm, textgrid and/or audacity (comma-separated)")
    List<ExportFormat> formats;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "folder for --export (created if missing)")
    Path out;

    boolean requested() {
        return formats != null && !formats.isEmpty();
    }

    void check(CommandSpec spec) {
        if (requested() && out == null) {
            throw new ParameterException(
                    spec.commandLine(), "--export needs --out DIR: the folder to write into");
        }
        if (!requested() && out != null) {
            throw new ParameterException(
                    spec.commandLine(), "--out needs --export FORMAT (ctm, textgrid, audacity)");
        }
    }

    /** Writes alignment {@code alignmentId} of dataset {@code datasetId} and says where. */
    void write(Catalog catalog, long datasetId, long alignmentId, CliOutput cli)
            throws IOException {
        Map<String, Double> durations = new HashMap<>();
        catalog.read(
                c -> {
                    for (StoredUtterance s : new UtteranceRepository(c).of(datasetId)) {
                        durations.put(s.utterance().id(), s.utterance().durationSeconds());
                    }
                    return null;
                });
        Set<ExportFormat> chosen = EnumSet.copyOf(formats);
        int written;
        try (AlignmentExporter exporter = new AlignmentExporter(out, chosen, durations)) {
            catalog.read(
                    c -> {
                        new AlignmentRepository(c).forEach(alignmentId, exporter::write);
                        return null;
                    });
            written = exporter.utterances();
        }
        List<String> keys = chosen.stream().map(ExportFormat::key).toList();
        cli.human("wrote " + String.join(", ", keys) + " of " + written + " utterances to " + out);
        Map<String, Object> record = new LinkedHashMap<>();
        record.put("alignment_id", alignmentId);
        record.put("formats", keys);
        record.put("utterances", written);
        record.put("out", out.toString());
        cli.record("align_export", record);
    }

    /** picocli converter: a format's name, refused in one line with the choices. */
    static final class FormatConverter implements picocli.CommandLine.ITypeConverter<ExportFormat> {
        @Override
        public ExportFormat convert(String value) {
            try {
                return ExportFormat.parse(value);
            } catch (IllegalArgumentException e) {
                throw new picocli.CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }
}
