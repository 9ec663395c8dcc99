package io.asrwb.engine.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.asrwb.engine.json.Json;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where commands write: human lines, or with {@code --porcelain} one JSON object per line, each
 * with a {@code "type"} field. The remote side parses exactly these lines. Public so the remote
 * module's CLI ({@code host}, {@code job}) writes the same way.
 */
public final class CliOutput {

    private static final ObjectMapper JSON = Json.mapper();

    private final PrintWriter out;
    private final PrintWriter err;
    private final boolean porcelain;

    public CliOutput(PrintWriter out, PrintWriter err, boolean porcelain) {
        this.out = out;
        this.err = err;
        this.porcelain = porcelain;
    }

    public boolean porcelain() {
        return porcelain;
    }

    /** The standard output, for writers that format lines themselves. */
    public PrintWriter writer() {
        return out;
    }

    /** A remark for people on stderr, in either mode (stdout stays machine-readable). */
    public void note(String line) {
        err.println("asrwb: " + line);
        err.flush();
    }

    /** A line for people; nothing in porcelain mode. */
    public void human(String line) {
        if (!porcelain) {
            out.println(line);
            out.flush();
        }
    }

    /** A JSON line in porcelain mode; nothing otherwise. */
    public void record(String type, Map<String, ?> fields) {
        if (porcelain) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("type", type);
            m.putAll(fields);
            try {
                out.println(JSON.writeValueAsString(m));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("cannot write a JSON line for " + type, e);
            }
            out.flush();
        }
    }

    /** {@code t}'s stack trace on stderr, for {@code --debug}. */
    public void stackTrace(Throwable t) {
        t.printStackTrace(err);
        err.flush();
    }

    /** An error: "asrwb: message" on stderr, and an error record on stdout in porcelain mode. */
    public void error(String message, int exitCode) {
        err.println("asrwb: " + message);
        err.flush();
        record("error", Map.of("message", message, "exit", exitCode));
    }
}
