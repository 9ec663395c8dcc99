package io.asrwb.engine.train;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Clock;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.nativeblas.NativeOps;
import org.nd4j.nativeblas.NativeOpsHolder;

/**
 * A {@code heartbeat} line in events.jsonl every few seconds while a run trains: {@code {"type":
 * "heartbeat", "step", "time", "hostname", "gpuMemoryMiB" (CUDA backend only)}}. It tells a follower that the
 * process is alive during a long step or eval (a frozen process writes none), and gives the job
 * view each node's GPU memory. It is no {@link TrainingEvent}: listeners and the catalog never
 * see it, and readers skip a type they do not know. It beats on a thread of its own, so it says
 * the process lives, not that training advances (the remote hang timeout counts the other lines).
 */
public final class Heartbeat implements AutoCloseable {

  /** Often enough for a job view's "last heartbeat", rare enough to keep events.jsonl small. */
  public static final Duration EVERY = Duration.ofSeconds(30);

  private static final ObjectMapper JSON = new ObjectMapper();

  private final ScheduledExecutorService timer;

  private Heartbeat(ScheduledExecutorService timer) {
    this.timer = timer;
  }

  /** Beats into {@code out} every {@code every} until closed; the first beat after one period. */
  public static Heartbeat start(JsonLinesWriter out, Clock clock, Duration every) {
    String host = hostName();
    boolean cuda = cudaBackend();
    ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "asrwb-heartbeat");
      t.setDaemon(true);
      return t;
    });
    timer.scheduleAtFixedRate(() -> {
      try {
        out.writeLine(line(clock, out.lastStep(), host, cuda ? gpuMemoryMiB() : -1));
      } catch (RuntimeException lost) {
        // one missed beat (a full disk shows in the run's own events); keep beating
      }
    }, every.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS);
    return new Heartbeat(timer);
  }

  static String line(Clock clock, long step, String host, long gpuMemoryMiB) {
    ObjectNode o = JSON.createObjectNode();
    o.put("type", "heartbeat");
    o.put("step", step); // like every event: the run's last step
    o.put("time", clock.instant().toString());
    // not "host"/"node": the job view files lines naming those under another lane than the
    // job's host (its inventory name, which this box's own name need not be)
    o.put("hostname", host);
    if (gpuMemoryMiB >= 0) {
      o.put("gpuMemoryMiB", gpuMemoryMiB);
    }
    return o.toString();
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

  private static String hostName() {
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
