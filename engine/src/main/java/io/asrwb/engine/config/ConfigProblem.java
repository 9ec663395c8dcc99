package io.asrwb.engine.config;

/**
 * A problem found while reading or checking a config file: where (source name, 1-based line and
 * column; 0 when unknown), which field (YAML path; empty for the whole file) and what is wrong.
 */
public record ConfigProblem(String source, int line, int column, String path, String message) {

    @Override
    public String toString() {
        StringBuilder out = new StringBuilder(source);
        if (line > 0) {
            out.append(" line ").append(line).append(", column ").append(column);
        }
        out.append(": ");
        if (!path.isEmpty()) {
            out.append(path).append(": ");
        }
        return out.append(message).toString();
    }
}
