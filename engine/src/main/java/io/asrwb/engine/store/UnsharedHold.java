package io.asrwb.engine.store;

import io.asrwb.engine.files.OwnerOnly;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.OptionalLong;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The mark a process leaves beside the catalog ({@code <name>.unshared}, holding its process id)
 * while it holds the catalog without sharing it, having found no port on loopback to serve it on.
 * Another process that finds the file locked and this mark naming a live process says at once that
 * it cannot have the catalog, instead of waiting out a takeover that will not come (it waited 35 to
 * 50 s). A mark left by a killed process names a dead one and is ignored.
 */
final class UnsharedHold {

    private static final Logger LOG = LoggerFactory.getLogger(UnsharedHold.class);

    private UnsharedHold() {}

    static Path fileOf(Path db) {
        return db.resolveSibling(db.getFileName() + ".unshared");
    }

    /** Marks the catalog as held, unshared, by this process. */
    static void mark(Path db) {
        byte[] pid = Long.toString(ProcessHandle.current().pid()).getBytes(StandardCharsets.UTF_8);
        try (FileChannel out =
                OwnerOnly.open(
                        fileOf(db),
                        Set.of(
                                StandardOpenOption.CREATE,
                                StandardOpenOption.WRITE,
                                StandardOpenOption.TRUNCATE_EXISTING))) {
            out.write(ByteBuffer.wrap(pid));
        } catch (IOException e) {
            // others then wait out the takeover patience before they are told: slower, still right
            LOG.warn("cannot mark the catalog at {} as held unshared: {}", db, e.getMessage());
        }
    }

    /** Removes this process's mark (another process's is left alone). */
    static void unmark(Path db) {
        try {
            if (Long.toString(ProcessHandle.current().pid()).equals(read(db))) {
                Files.deleteIfExists(fileOf(db));
            }
        } catch (IOException e) {
            // a mark left behind names this process, dead by the next open: ignored then
        }
    }

    /** The live process other than this one whose mark is beside the catalog, if any. */
    static OptionalLong holder(Path db) {
        long pid;
        try {
            pid = Long.parseLong(read(db).strip());
        } catch (IOException | NumberFormatException e) {
            return OptionalLong.empty();
        }
        boolean alive = ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
        return alive && pid != ProcessHandle.current().pid()
                ? OptionalLong.of(pid)
                : OptionalLong.empty();
    }

    private static String read(Path db) throws IOException {
        return Files.readString(fileOf(db), StandardCharsets.UTF_8);
    }
}
