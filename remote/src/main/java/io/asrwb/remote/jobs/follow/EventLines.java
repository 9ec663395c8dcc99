package io.asrwb.remote.jobs.follow;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Cuts bytes read from {@code events.jsonl} at some offset into complete lines. A line counts only
 * once its '\n' has arrived, so a line still being written is read again, whole, next time. UTF-8
 * never has a '\n' byte inside a character, so cutting at '\n' never splits one.
 */
final class EventLines {

    /** One complete line (without its '\n') and the offset just after it. */
    record Line(String text, long endOffset) {}

    private EventLines() {}

    static List<Line> complete(byte[] bytes, long offset) {
        List<Line> lines = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                int end = i > start && bytes[i - 1] == '\r' ? i - 1 : i;
                lines.add(
                        new Line(
                                new String(bytes, start, end - start, StandardCharsets.UTF_8),
                                offset + i + 1));
                start = i + 1;
            }
        }
        return lines;
    }
}
