package io.asrwb.engine.model.layers;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** This process's memory as Linux counts it ({@code /proc/self/status}); -1 elsewhere. */
public final class ProcessStatus {

    private static final Logger LOG = LoggerFactory.getLogger(ProcessStatus.class);
    private static final Path STATUS = Path.of("/proc/self/status");

    private ProcessStatus() {}

    /**
     * One field of {@code /proc/self/status} in bytes ({@code VmRSS}, {@code VmHWM}, {@code
     * RssAnon}…), -1 where there is no such file or field.
     */
    public static long bytes(String field) {
        try {
            if (!Files.exists(STATUS)) {
                return -1;
            }
            for (String line : Files.readAllLines(STATUS)) {
                if (line.startsWith(field + ":")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException | NumberFormatException e) {
            LOG.debug("cannot read {} from {}: {}", field, STATUS, e.toString());
        }
        return -1;
    }

    /**
     * Anonymous resident memory less the Java heap's committed size, 0 where unknown: a figure to
     * compare with itself over time, for what native code (ND4J, oneDNN, glibc's arenas), thread
     * stacks and the JVM's own structures hold. It can be negative: the heap's committed size is
     * an upper bound of its resident part (a committed page is resident once touched), which keeps
     * the heap's own growth from reading as native growth.
     */
    public static long residentOutsideHeap() {
        long anon = bytes("RssAnon");
        if (anon < 0) {
            return 0;
        }
        return anon - ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getCommitted();
    }
}
