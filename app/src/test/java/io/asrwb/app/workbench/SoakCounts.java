package io.asrwb.app.workbench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the soak did so far, written to a small file the sampler reads with each /proc sample:
 * {@code trainings transcriptions attaches drops errors heapAfterGcBytes}, one line, replaced
 * atomically. Each error is also printed on stderr with the time.
 */
final class SoakCounts {

    private final Path file;
    private final AtomicInteger trainings = new AtomicInteger();
    private final AtomicInteger transcriptions = new AtomicInteger();
    private final AtomicInteger attaches = new AtomicInteger();
    private final AtomicInteger drops = new AtomicInteger();
    private final AtomicInteger errors = new AtomicInteger();

    SoakCounts(Path file) {
        this.file = file;
    }

    void training() {
        trainings.incrementAndGet();
    }

    void transcription() {
        transcriptions.incrementAndGet();
    }

    void attach() {
        attaches.incrementAndGet();
    }

    void drop() {
        drops.incrementAndGet();
    }

    void error(String what) {
        errors.incrementAndGet();
        System.err.println("soak: " + Instant.now() + " ERROR " + what);
        save();
    }

    int errors() {
        return errors.get();
    }

    /** The last write, with a line on stdout for the log. */
    void finish() {
        save();
        System.out.println("soak: done: " + line());
    }

    synchronized void save() {
        try {
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            Files.writeString(tmp, line() + "\n");
            Files.move(
                    tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private String line() {
        return trainings
                + " "
                + transcriptions
                + " "
                + attaches
                + " "
                + drops
                + " "
                + errors
                + " "
                + heapAfterGc();
    }

    /**
     * The heap in use right after the last collection of each pool: what the live objects hold,
     * without the garbage that RSS and "used" carry between collections.
     */
    private static long heapAfterGc() {
        long bytes = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            MemoryUsage after = pool.getCollectionUsage();
            if (pool.getType() == MemoryType.HEAP && after != null) {
                bytes += after.getUsed();
            }
        }
        return bytes;
    }
}
