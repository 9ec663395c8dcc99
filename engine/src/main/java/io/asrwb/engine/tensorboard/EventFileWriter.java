package io.asrwb.engine.tensorboard;

import io.asrwb.engine.files.OwnerOnly;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Set;

/**
 * A new TensorBoard event file in a folder, {@code events.out.tfevents.<seconds>.<host>}, opened by
 * the {@link TensorBoardEvent#FILE_VERSION} event. Each event goes to the file as one whole record
 * in one write, unbuffered: a process killed at any point leaves a file TensorBoard reads up to its
 * last complete record. An existing file is never appended to (a resumed run gets a file of its
 * own, which TensorBoard reads after the earlier ones: it sorts them by name).
 */
public final class EventFileWriter implements AutoCloseable {

    /** What every event file's name starts with; TensorBoard reads the files whose name has it. */
    public static final String PREFIX = "events.out.tfevents.";

    private final Path file;
    private final FileChannel channel;

    private EventFileWriter(Path file, FileChannel channel) {
        this.file = file;
        this.channel = channel;
    }

    /**
     * Creates the folder if needed and a new file in it named after {@code now} and {@code host}
     * (with {@code .1}, {@code .2} … after it when a file of that second exists already, so it
     * still sorts after it), and writes the file version event.
     */
    public static EventFileWriter create(Path dir, Instant now, String host) throws IOException {
        OwnerOnly.createDirectories(dir);
        String name = PREFIX + now.getEpochSecond() + "." + host.replace('/', '_');
        for (int n = 0; ; n++) {
            Path file = dir.resolve(n == 0 ? name : name + "." + n);
            FileChannel channel;
            try {
                channel =
                        OwnerOnly.open(
                                file,
                                Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE));
            } catch (FileAlreadyExistsException taken) {
                continue;
            }
            EventFileWriter writer = new EventFileWriter(file, channel);
            try {
                writer.write(TensorBoardEvent.fileVersion(seconds(now)));
            } catch (IOException e) {
                writer.close();
                throw e;
            }
            return writer;
        }
    }

    /** {@code at} as TensorBoard's wall time: seconds since 1970, with a fraction. */
    public static double seconds(Instant at) {
        return at.getEpochSecond() + at.getNano() / 1e9;
    }

    public Path file() {
        return file;
    }

    /** Writes {@code event} (an {@code Event}'s bytes) as one record. */
    public synchronized void write(byte[] event) throws IOException {
        ByteBuffer record = ByteBuffer.wrap(TfRecords.frame(event));
        while (record.hasRemaining()) {
            channel.write(record);
        }
    }

    @Override
    public synchronized void close() throws IOException {
        channel.close();
    }
}
