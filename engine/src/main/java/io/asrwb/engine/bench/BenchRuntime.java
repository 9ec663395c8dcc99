package io.asrwb.engine.bench;

import io.asrwb.engine.model.layers.ProcessStatus;
import java.lang.management.ManagementFactory;
import org.nd4j.linalg.factory.Environment;
import org.nd4j.linalg.factory.Nd4j;

/** What every benchmark sets and reads of the process: thread counts and memory figures. */
final class BenchRuntime {

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
        long bytes = ProcessStatus.bytes(key);
        return bytes < 0 ? -1 : bytes / (1024 * 1024);
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
