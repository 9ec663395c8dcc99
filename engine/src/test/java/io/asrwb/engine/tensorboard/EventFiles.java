package io.asrwb.engine.tensorboard;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.InvalidProtocolBufferException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.CRC32C;
import org.tensorflow.proto.Event;

/**
 * Reads TensorBoard event files as TensorBoard does, with TensorFlow's own generated {@link Event}
 * class: TFRecord framing checked here (both masked CRC-32Cs of every record, computed as
 * TensorFlow's crc32c.h masks them, not with the code under test), then {@code Event.parseFrom}.
 */
public final class EventFiles {

    private EventFiles() {}

    /** The event files in {@code dir}, in the order TensorBoard reads them (by name). */
    public static List<Path> in(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().contains("tfevents"))
                    .sorted()
                    .toList();
        }
    }

    /** Every record of {@code file}, each whole and intact: a record cut short fails. */
    public static List<Event> read(Path file) throws IOException {
        return read(file, false);
    }

    /**
     * Every complete record of {@code file}; with {@code cutTailAllowed}, a last record cut short
     * (a process killed mid-write) is left out as TensorBoard leaves it, but a bad CRC still fails.
     */
    public static List<Event> read(Path file, boolean cutTailAllowed) throws IOException {
        ByteBuffer in = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        List<Event> events = new ArrayList<>();
        while (in.hasRemaining()) {
            int start = in.position();
            if (in.remaining() < 12 || in.remaining() < 16 + in.getLong(start)) {
                assertThat(cutTailAllowed).as(file + " ends mid-record at byte " + start).isTrue();
                break;
            }
            byte[] length = new byte[8];
            in.get(length);
            assertThat(in.getInt()).as("length CRC at " + start).isEqualTo(masked(length));
            byte[] data =
                    new byte
                            [(int)
                                    ByteBuffer.wrap(length)
                                            .order(ByteOrder.LITTLE_ENDIAN)
                                            .getLong()];
            in.get(data);
            assertThat(in.getInt()).as("data CRC at " + start).isEqualTo(masked(data));
            events.add(parse(data));
        }
        return events;
    }

    private static Event parse(byte[] data) {
        try {
            return Event.parseFrom(data);
        } catch (InvalidProtocolBufferException e) {
            throw new AssertionError("no Event: " + Arrays.toString(data), e);
        }
    }

    /** TensorFlow's {@code crc32c::Mask}: rotate right by 15 bits, add a constant. */
    static int masked(byte[] data) {
        CRC32C crc = new CRC32C();
        crc.update(data);
        long c = crc.getValue();
        return (int) ((((c >>> 15) | (c << 17)) + 0xa282ead8L) & 0xffffffffL);
    }
}
