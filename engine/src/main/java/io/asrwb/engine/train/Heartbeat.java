package io.asrwb.engine.train;

import io.asrwb.engine.events.ComputeBackend;
import io.asrwb.engine.events.EventCodec;
import io.asrwb.engine.events.EventLine;
import io.asrwb.engine.events.JsonLinesWriter;
import io.asrwb.engine.events.TrainingEvent;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.nativeblas.NativeOps;
import org.nd4j.nativeblas.NativeOpsHolder;

/**
 * A {@code heartbeat} line in events.jsonl every few seconds while a run trains: {@code {"type":
 * "heartbeat", "step", "time", "hostname", "gpuMemoryMiB" (CUDA backend only)}}, written by
 * {@link EventCodec} from an {@link EventLine.Beat}. It tells a follower that the
 * process is alive during a long step or eval (a frozen process writes none), and gives the job
 * view each node's GPU memory. It is no {@link TrainingEvent}: listeners and the catalog never
 * see it, and readers skip a type they do not know. It beats on a thread of its own, so it says
 * the process lives, not that training advances (the remote hang timeout counts the other lines).
 */
public final class Heartbeat implements AutoCloseable {

    /** Often enough for a job view's "last heartbeat", rare enough to keep events.jsonl small. */
    public static final Duration EVERY = Duration.ofSeconds(30);

    private final ScheduledExecutorService timer;

    private Heartbeat(ScheduledExecutorService timer) {
        this.timer = timer;
    }

    /** Beats into {@code out} every {@code every} until closed; the first beat after one period. */
    public static Heartbeat start(JsonLinesWriter out, Clock clock, Duration every) {
        String host = hostName();
        boolean cuda = cudaBackend();
        ScheduledExecutorService timer =
                Executors.newSingleThreadScheduledExecutor(
                        r -> {
                            Thread t = new Thread(r, "asrwb-heartbeat");
                            t.setDaemon(true);
                            return t;
                        });
        // The task catches what it throws, so the future holds no exception worth reading.
        ScheduledFuture<?> unused =
                timer.scheduleAtFixedRate(
                        () -> {
                            try {
                                out.beat(
                                        beat(
                                                clock,
                                                out.lastStep(),
                                                host,
                                                cuda ? gpuMemoryMiB() : -1));
                            } catch (RuntimeException lost) {
                                // one missed beat (a full disk shows in the run's own events); keep
                                // beating
                            }
                        },
                        every.toMillis(),
                        every.toMillis(),
                        TimeUnit.MILLISECONDS);
        return new Heartbeat(timer);
    }

    static EventLine.Beat beat(Clock clock, long step, String host, long gpuMemoryMiB) {
        return new EventLine.Beat(
                step,
                clock.instant(),
                host,
                gpuMemoryMiB >= 0
                        ? new EventLine.Origin(null, gpuMemoryMiB)
                        : EventLine.Origin.NONE);
    }

    @Override
    public void close() {
        timer.shutdownNow();
        try {
            timer.awaitTermination(5, TimeUnit.SECONDS); // no beat after the run's last line
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** This box's own name (as a heartbeat and a TensorBoard file name give it). */
    static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return System.getenv().getOrDefault("HOSTNAME", "unknown");
        }
    }

    private static boolean cudaBackend() {
        return ComputeBackend.nameOf(Nd4j.getBackend().getClass().getSimpleName())
                .equals(ComputeBackend.CUDA);
    }

    /** Memory in use on the current device, as the driver reports it; -1 when it cannot tell. */
    private static long gpuMemoryMiB() {
        try {
            NativeOps ops = NativeOpsHolder.getInstance().getDeviceNativeOps();
            int device = ops.getDevice();
            return (ops.getDeviceTotalMemory(device) - ops.getDeviceFreeMemory(device)) >> 20;
        } catch (RuntimeException | LinkageError e) {
            return -1;
        }
    }
}
