package io.asrwb.engine.cli;

import io.asrwb.engine.transcribe.Segment;
import io.asrwb.engine.transcribe.TranscriptionSink;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code transcribe}'s segments as they are decoded: a {@code segment} JSON line each in porcelain
 * mode (file, start and end seconds, text), and with {@code --timestamps} a {@code [hh:mm:ss] text}
 * line for people.
 */
final class SegmentLines implements TranscriptionSink {

    private final CliOutput out;
    private final Path file;
    private final boolean stamps;

    SegmentLines(CliOutput out, Path file, boolean stamps) {
        this.out = out;
        this.file = file;
        this.stamps = stamps;
    }

    @Override
    public void segment(Segment s) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("file", file.toString());
        fields.put("start", round(s.startSeconds()));
        fields.put("end", round(s.endSeconds()));
        fields.put("text", s.text());
        out.record("segment", fields);
        if (stamps) {
            out.human("[" + s.clock() + "] " + s.text());
        }
    }

    private static double round(double seconds) {
        return Math.round(seconds * 1000) / 1000.0;
    }
}
