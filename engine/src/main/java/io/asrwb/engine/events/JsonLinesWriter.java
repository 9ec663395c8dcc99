package io.asrwb.engine.events;

import io.asrwb.engine.files.OwnerOnly;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;

/**
 * Writes each event as one line of {@link EventCodec} and flushes it at once, so a tailer (the app,
 * the remote streamer over SSH) sees it as soon as it happens. Used for {@code RUN_DIR/events.jsonl}
 * (appended to on resume, never cut: readers see each step once by {@code RunAttempts}) and for
 * {@code --porcelain} stdout.
 */
public final class JsonLinesWriter implements TrainingListener, AutoCloseable {

    /** The events file in a run directory. */
    public static final String EVENTS_FILE = "events.jsonl";

    private final Writer out;
    private final boolean owned;

    /** Set once the run's last event is written: nothing may follow it. */
    private boolean ended;

    /** The step of the last event written: a heartbeat names it. */
    private long lastStep;

    private JsonLinesWriter(Writer out, boolean owned) {
        this.out = out;
        this.owned = owned;
    }

    /** Appends to {@code file}, creating it if needed; {@link #close()} closes it. */
    public static JsonLinesWriter appendingTo(Path file) throws IOException {
        boolean tornLastLine = endsMidLine(file);
        JsonLinesWriter writer =
                new JsonLinesWriter(
                        new BufferedWriter(
                                Channels.newWriter(
                                        OwnerOnly.open(
                                                file,
                                                Set.of(
                                                        StandardOpenOption.CREATE,
                                                        StandardOpenOption.WRITE,
                                                        StandardOpenOption.APPEND)),
                                        StandardCharsets.UTF_8)),
                        true);
        if (tornLastLine) {
            // a process killed mid-write left half a line: end it so the next event is a line of
            // its own
            writer.out.write('\n');
            writer.out.flush();
        }
        return writer;
    }

    private static boolean endsMidLine(Path file) throws IOException {
        if (!Files.isRegularFile(file) || Files.size(file) == 0) {
            return false;
        }
        try (java.nio.channels.SeekableByteChannel channel = Files.newByteChannel(file)) {
            channel.position(channel.size() - 1);
            java.nio.ByteBuffer last = java.nio.ByteBuffer.allocate(1);
            channel.read(last);
            return last.get(0) != '\n';
        }
    }

    /** Writes to {@code out} (e.g. stdout), which {@link #close()} leaves open. */
    public static JsonLinesWriter to(Writer out) {
        return new JsonLinesWriter(out, false);
    }

    @Override
    public synchronized void on(TrainingEvent event) {
        write(EventCodec.encode(event), EventCodec.typeOf(event));
        lastStep = event.step();
        ended |= TrainingEvent.endsRun(event);
    }

    /**
     * Writes a {@code Heartbeat}'s line, which is no {@link TrainingEvent}; none once the run's last
     * event is out, which stays the last line (followers stop at it).
     */
    public synchronized void beat(EventLine.Beat beat) {
        if (!ended) {
            write(EventCodec.encode(beat), EventCodec.HEARTBEAT);
        }
    }

    /** The step of the last {@link TrainingEvent} written (0 before the first). */
    public synchronized long lastStep() {
        return lastStep;
    }

    private synchronized void write(String json, String type) {
        try {
            out.write(json);
            out.write('\n');
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write a " + type + " event", e);
        }
    }

    @Override
    public synchronized void close() throws IOException {
        if (owned) {
            out.close();
        } else {
            out.flush();
        }
    }
}
