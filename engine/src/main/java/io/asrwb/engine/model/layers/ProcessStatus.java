package io.asrwb.engine.model.layers;

import java.io.BufferedReader;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.JMException;
import javax.management.ObjectName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** This process's memory as Linux counts it ({@code /proc/self/status}, {@code smaps}). */
public final class ProcessStatus {

    private static final Logger LOG = LoggerFactory.getLogger(ProcessStatus.class);
    private static final Path STATUS = Path.of("/proc/self/status");
    private static final Path SMAPS = Path.of("/proc/self/smaps");
    private static final Pattern RANGE =
            Pattern.compile("\\[0x([0-9a-f]+), (?:0x[0-9a-f]+, )?0x([0-9a-f]+)\\)");

    private ProcessStatus() {}

    /** The Java heap's reserved addresses, [start, end), asked once of the JVM. */
    private static final class Heap {
        static final Optional<long[]> RANGE_OF_HEAP = reservedRange();
    }

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
     * Resident bytes outside the Java heap's address range, -1 where unknown (not Linux, or a JVM
     * that does not say where its heap is): what native code (ND4J, oneDNN, glibc's arenas),
     * thread stacks, the JIT's code and the JVM's own structures hold. The heap's resident part
     * moves by hundreds of MB as the collector grows and shrinks it, so the process's RSS alone
     * would hide native growth behind it or mistake the heap's for it.
     */
    public static long residentOutsideHeap() {
        Optional<long[]> heap = Heap.RANGE_OF_HEAP;
        long rss = bytes("VmRSS");
        if (heap.isEmpty() || rss < 0) {
            return -1;
        }
        long[] range = heap.get();
        long heapKb = 0;
        boolean inside = false;
        try (BufferedReader in = Files.newBufferedReader(SMAPS)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                int dash = mappingStartEnd(line);
                if (dash > 0) {
                    long start = Long.parseUnsignedLong(line, 0, dash, 16);
                    inside = start >= range[0] && start < range[1];
                } else if (inside && line.startsWith("Rss:")) {
                    heapKb += Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException | NumberFormatException e) {
            LOG.debug("cannot read {}: {}", SMAPS, e.toString());
            return -1;
        }
        return rss - heapKb * 1024;
    }

    /**
     * Where the start address of a mapping's header line ({@code 7f3a…-7f3b… rw-p …}) ends, or -1
     * for a field line ({@code Rss: …}, which starts with a capital). Read without a regex: the
     * janitor reads the ~50,000 lines every 5 s, and a matcher a line was megabytes of garbage.
     */
    private static int mappingStartEnd(String line) {
        int dash = line.indexOf('-');
        if (dash <= 0) {
            return -1;
        }
        for (int i = 0; i < dash; i++) {
            if (Character.digit(line.charAt(i), 16) < 0) {
                return -1;
            }
        }
        return dash;
    }

    /** From the JVM's {@code GC.heap_info}: the lowest and highest address its heap reserves. */
    private static Optional<long[]> reservedRange() {
        if (!Files.exists(SMAPS)) {
            return Optional.empty();
        }
        try {
            Object info =
                    ManagementFactory.getPlatformMBeanServer()
                            .invoke(
                                    new ObjectName("com.sun.management:type=DiagnosticCommand"),
                                    "gcHeapInfo",
                                    new Object[] {null},
                                    new String[] {String[].class.getName()});
            long lo = Long.MAX_VALUE;
            long hi = Long.MIN_VALUE;
            for (String line : String.valueOf(info).split("\n")) {
                Matcher m = RANGE.matcher(line);
                if (line.contains("total") && m.find()) {
                    lo = Math.min(lo, Long.parseUnsignedLong(m.group(1), 16));
                    hi = Math.max(hi, Long.parseUnsignedLong(m.group(2), 16));
                }
            }
            return lo < hi ? Optional.of(new long[] {lo, hi}) : Optional.empty();
        } catch (JMException | RuntimeException e) {
            LOG.debug("the JVM does not say where its heap is: {}", e.toString());
            return Optional.empty();
        }
    }
}
