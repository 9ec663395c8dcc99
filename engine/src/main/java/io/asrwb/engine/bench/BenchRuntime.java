package io.asrwb.engine.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import org.nd4j.linalg.factory.Environment;
import org.nd4j.linalg.factory.Nd4j;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** What every benchmark sets and reads of the process: thread counts and memory figures. */
final class BenchRuntime {

    private static final Logger LOG = LoggerFactory.getLogger(BenchRuntime.class);

    private BenchRuntime() {}

    /** libnd4j's op threads and the BLAS threads (OMP_NUM_THREADS also sets both at start-up). */
    static void useThreads(int threads) {
        Environment env = Nd4j.getEnvironment();
        env.setMaxThreads(threads);
        env.setMaxMasterThreads(threads);
        Nd4j.factory().blas().setMaxThreads(threads);
    }

    /** A memory line of /proc/self/status in MB (VmHWM is the peak resident set), -1 off Linux. */
    static long memoryMb(String key) {
        Path status = Path.of("/proc/self/status");
        try {
            if (!Files.exists(status)) {
                return -1;
            }
            for (String line : Files.readAllLines(status)) {
                if (line.startsWith(key + ":")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024;
                }
            }
        } catch (IOException | NumberFormatException e) {
            LOG.debug("cannot read {} from {}: {}", key, status, e.toString());
        }
        return -1;
    }

    /**
     * CPU time of the whole process (all threads, native ones included) in nanoseconds, -1 where
     * the JVM cannot tell: on a shared machine a steadier measure of the work than wall time.
     */
    static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }

    /** Megabytes held by live libnd4j buffers outside workspaces (its own allocation counter). */
    static long liveNd4jMb() {
        return Nd4j.getEnvironment().getDeviceCouner(0) >> 20;
    }
}
