package io.asrwb.engine.data.formats;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits and joins one CSV/TSV line. Records are single lines: ASR manifests never hold line
 * breaks in a field, and treating an unclosed quote as a bad line (rather than reading on into
 * the next lines) keeps one broken row from swallowing the good rows after it.
 */
final class CsvLine {

    private CsvLine() {}

    /** Thrown for a line that cannot be split; the message says what is wrong. */
    static final class MalformedException extends Exception {
        MalformedException(String message) {
            super(message, null, false, false);
        }
    }

    /** RFC 4180 fields of {@code line}: quotes around a field, "" for a quote inside one. */
    static List<String> split(String line, char delimiter) throws MalformedException {
        List<String> fields = new ArrayList<>(8);
        StringBuilder field = new StringBuilder();
        int i = 0;
        int n = line.length();
        while (true) {
            field.setLength(0);
            if (i < n && line.charAt(i) == '"') {
                int open = i;
                i++;
                boolean closed = false;
                while (i < n) {
                    char c = line.charAt(i);
                    if (c == '"') {
                        if (i + 1 < n && line.charAt(i + 1) == '"') {
                            field.append('"');
                            i += 2;
                        } else {
                            closed = true;
                            i++;
                            break;
                        }
                    } else {
                        field.append(c);
                        i++;
                    }
                }
                if (!closed) {
                    throw new MalformedException(
                            "unbalanced quotes: the quote at column "
                                    + (open + 1)
                                    + " is never closed");
                }
                if (i < n && line.charAt(i) != delimiter) {
                    throw new MalformedException(
                            "unexpected text after the closing quote at column " + i);
                }
            } else {
                int start = i;
                while (i < n && line.charAt(i) != delimiter) {
                    if (line.charAt(i) == '"') {
                        throw new MalformedException(
                                "unbalanced quotes: a quote inside an unquoted field at column "
                                        + (i + 1));
                    }
                    i++;
                }
                field.append(line, start, i);
            }
            fields.add(field.toString());
            if (i >= n) {
                return fields;
            }
            i++; // the delimiter
        }
    }

    /** Tab-separated fields, no quoting (Common Voice's TSVs hold quotes literally in sentences). */
    static List<String> splitTabs(String line) {
        List<String> fields = new ArrayList<>(12);
        int start = 0;
        for (int i = 0; i < line.length(); i++) {
            if (line.charAt(i) == '\t') {
                fields.add(line.substring(start, i));
                start = i + 1;
            }
        }
        fields.add(line.substring(start));
        return fields;
    }

    /** One CSV line from {@code fields}, quoting only those that need it. */
    static String join(char delimiter, String... fields) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < fields.length; i++) {
            if (i > 0) {
                sb.append(delimiter);
            }
            String f = fields[i];
            if (f.indexOf(delimiter) >= 0
                    || f.indexOf('"') >= 0
                    || f.indexOf('\n') >= 0
                    || f.indexOf('\r') >= 0) {
                sb.append('"').append(f.replace("\"", "\"\"")).append('"');
            } else {
                sb.append(f);
            }
        }
        return sb.toString();
    }

    /** Index of each wanted column in {@code header} (-1 when absent), matched ignoring case and spaces. */
    static int[] columns(List<String> header, String... wanted) {
        int[] idx = new int[wanted.length];
        for (int w = 0; w < wanted.length; w++) {
            idx[w] = -1;
            for (int h = 0; h < header.size(); h++) {
                if (header.get(h).trim().equalsIgnoreCase(wanted[w])) {
                    idx[w] = h;
                    break;
                }
            }
        }
        return idx;
    }
}
