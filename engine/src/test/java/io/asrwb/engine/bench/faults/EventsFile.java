package io.asrwb.engine.bench.faults;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A byte range of a run's events.jsonl, as one training attempt (one process) appended it. The
 * bench notes the file's size before each attempt starts, so every line is told to the process
 * that wrote it even when that process was killed before its {@code started} line.
 *
 * @param events the lines that parse, in file order
 * @param torn lines that do not parse: a kill cut them off mid-write
 */
record EventsFile(List<JsonNode> events, int torn) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The lines between byte {@code from} and {@code to} (exclusive; -1 = end of file). */
    static EventsFile read(Path file, long from, long to) throws IOException {
        if (!Files.isRegularFile(file)) {
            return new EventsFile(List.of(), 0);
        }
        byte[] bytes;
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            long end = to < 0 ? in.length() : Math.min(to, in.length());
            bytes = new byte[(int) Math.max(0, end - from)];
            in.seek(from);
            in.readFully(bytes);
        }
        List<JsonNode> events = new ArrayList<>();
        int torn = 0;
        // The next writer ends a torn line with a newline of its own, in the next attempt's range:
        // a
        // range may end without one (the cut line) and begin with an empty line.
        for (String line : new String(bytes, StandardCharsets.UTF_8).split("\n", -1)) {
            if (line.isBlank()) {
                continue;
            }
            try {
                events.add(JSON.readTree(line));
            } catch (IOException cut) {
                torn++;
            }
        }
        return new EventsFile(List.copyOf(events), torn);
    }

    /**
     * The step of the {@code started} line in this range (or of a {@code resumed} line, should
     * resumes get a type of their own), if the attempt got that far.
     */
    Long startedStep() {
        return events.stream()
                .filter(e -> type(e).equals("started") || type(e).equals("resumed"))
                .map(e -> e.path("step").asLong())
                .findFirst()
                .orElse(null);
    }

    /** The newest step line's step, or null when the attempt completed no step. */
    Long lastStep() {
        Long last = null;
        for (JsonNode e : events) {
            if (type(e).equals("step")) {
                last = e.path("step").asLong();
            }
        }
        return last;
    }

    boolean has(String type) {
        return events.stream().anyMatch(e -> type(e).equals(type));
    }

    /** The type of the last event, or "" for none. */
    String lastType() {
        return events.isEmpty() ? "" : type(events.get(events.size() - 1));
    }

    static String type(JsonNode event) {
        return event.path("type").asText();
    }
}
