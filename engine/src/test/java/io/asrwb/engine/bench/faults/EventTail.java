package io.asrwb.engine.bench.faults;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Follows a live events.jsonl from a byte offset, handing out each complete line once. */
final class EventTail {

    private final Path file;
    private long position;

    EventTail(Path file, long from) {
        this.file = file;
        this.position = from;
    }

    /** The lines completed since the last call (none while a line is half written). */
    List<JsonNode> poll() throws IOException {
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        long end;
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            long size = in.length();
            if (size <= position) {
                return List.of();
            }
            byte[] bytes = new byte[(int) (size - position)];
            in.seek(position);
            in.readFully(bytes);
            int lastNewline = -1;
            for (int i = bytes.length - 1; i >= 0; i--) {
                if (bytes[i] == '\n') {
                    lastNewline = i;
                    break;
                }
            }
            if (lastNewline < 0) {
                return List.of();
            }
            end = position + lastNewline + 1;
        }
        List<JsonNode> lines = EventsFile.read(file, position, end).events();
        position = end;
        return lines;
    }
}
