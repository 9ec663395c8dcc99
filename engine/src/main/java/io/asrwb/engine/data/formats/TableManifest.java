package io.asrwb.engine.data.formats;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a CSV or TSV manifest with a header row: finds the named columns, checks each row's
 * field count, and hands the wanted fields of every good row to a mapper. Bad rows become
 * problems; the rows after them are still read. Columns the reader does not ask for (Common
 * Voice's accent, age, gender; a CSV's mic …) become each row's metadata, empty values left out.
 */
final class TableManifest {

    /** Separators a manifest can use. */
    enum Dialect {
        /** RFC 4180 comma-separated with quotes. */
        CSV,
        /** Tab-separated without quoting (Common Voice). */
        TSV
    }

    /** Turns the wanted fields of one row (null for an absent optional column) into a row. */
    @FunctionalInterface
    interface RowMapper {
        SourceRow map(int lineNo, String[] fields);
    }

    private TableManifest() {}

    /**
     * @param required columns without which no row can be read (the file is reported once)
     * @param optional columns used when present
     */
    static void read(
            Path file,
            Dialect dialect,
            String[] required,
            String[] optional,
            RowMapper mapper,
            List<SourceRow> rows)
            throws IOException {
        String[] wanted = new String[required.length + optional.length];
        System.arraycopy(required, 0, wanted, 0, required.length);
        System.arraycopy(optional, 0, wanted, required.length, optional.length);
        String expected = String.join(dialect == Dialect.TSV ? "\t" : ",", required);
        int[][] columns = {null};
        int[] width = {0};
        List<String> header = new ArrayList<>();
        List<Integer> extra = new ArrayList<>();
        boolean[] unusable = {false};
        ManifestLines.forEach(
                file,
                (lineNo, line) -> {
                    if (unusable[0] || line.isEmpty()) {
                        return;
                    }
                    List<String> fields;
                    try {
                        fields =
                                dialect == Dialect.TSV
                                        ? CsvLine.splitTabs(line)
                                        : CsvLine.split(line, ',');
                    } catch (CsvLine.MalformedException e) {
                        rows.add(
                                Problems.malformed(
                                        file,
                                        lineNo,
                                        e.getMessage(),
                                        "close the quote (write \"\" for a quote inside a quoted"
                                                + " field) or remove the line"));
                        return;
                    }
                    if (columns[0] == null) {
                        int[] idx = CsvLine.columns(fields, wanted);
                        StringBuilder missing = new StringBuilder();
                        for (int r = 0; r < required.length; r++) {
                            if (idx[r] < 0) {
                                missing.append(missing.length() == 0 ? "" : ", ")
                                        .append(required[r]);
                            }
                        }
                        if (missing.length() > 0) {
                            rows.add(
                                    Problems.missingColumns(
                                            file, lineNo, missing.toString(), expected));
                            unusable[0] = true;
                            return;
                        }
                        columns[0] = idx;
                        width[0] = fields.size();
                        header.addAll(fields);
                        extra.addAll(extraColumns(fields, idx));
                        return;
                    }
                    if (fields.size() != width[0]) {
                        rows.add(
                                Problems.malformed(
                                        file,
                                        lineNo,
                                        "row has "
                                                + fields.size()
                                                + " fields, the header has "
                                                + width[0],
                                        "give the row one value per header column (quote values"
                                                + " that contain a "
                                                + (dialect == Dialect.TSV ? "tab" : "comma")
                                                + ") or remove it"));
                        return;
                    }
                    String[] values = new String[wanted.length];
                    for (int w = 0; w < wanted.length; w++) {
                        int c = columns[0][w];
                        values[w] = c < 0 ? null : fields.get(c);
                    }
                    SourceRow row = mapper.map(lineNo, values);
                    if (row instanceof ManifestEntry e && !extra.isEmpty()) {
                        Map<String, String> meta = new HashMap<>();
                        for (int c : extra) {
                            String v = fields.get(c).trim();
                            if (!v.isEmpty()) {
                                meta.put(header.get(c).trim(), v);
                            }
                        }
                        row = e.withMeta(meta);
                    }
                    rows.add(row);
                });
    }

    /** Header columns with a name that none of the wanted columns took. */
    private static List<Integer> extraColumns(List<String> header, int[] wanted) {
        Set<Integer> taken = new HashSet<>();
        for (int i : wanted) {
            taken.add(i);
        }
        Set<String> names = new HashSet<>();
        List<Integer> out = new ArrayList<>();
        for (int c = 0; c < header.size(); c++) {
            String name = header.get(c).trim();
            if (!taken.contains(c) && !name.isEmpty() && names.add(name)) {
                out.add(c);
            }
        }
        return out;
    }
}
