package io.asrwb.app.jobs;

import io.asrwb.engine.events.EventLine;
import io.asrwb.engine.events.TrainingEvent.StepCompleted;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The per-node health of one job, folded from its event lines: last heartbeat (arrival of the
 * node's last line), step time, GPU memory. Judged when shown: a running node silent for longer
 * than {@code max(SILENT_AFTER, 20 step times)} is {@link LaneHealth#SILENT}; one whose step takes
 * over {@code STRAGGLER_FACTOR} times the median of the other nodes' is a
 * {@link LaneHealth#STRAGGLER}.
 * Kept small on purpose: a multi-node plan feeds it by naming the node in its lines.
 */
final class NodeLanes {

    /** Silent for this long (at least) means hung or cut off. */
    static final Duration SILENT_AFTER = Duration.ofSeconds(60);

    static final double STRAGGLER_FACTOR = 1.5;

    private record Seen(Instant lastHeartbeat, double stepSeconds, long gpuMemoryMiB, long step) {}

    private final Map<String, Seen> nodes = new LinkedHashMap<>();

    /**
     * @param defaultNode the job's host, for lines that name no node
     * @param receivedAt when the line arrived, or null for a line replayed from the local mirror
     */
    void record(EventLine event, String defaultNode, Instant receivedAt) {
        String node = event.origin().node() != null ? event.origin().node() : defaultNode;
        long gpuMemoryMiB = event.origin().gpuMemoryMiB();
        double stepSeconds = stepSeconds(event);
        Seen was = nodes.get(node);
        nodes.put(
                node,
                new Seen(
                        receivedAt != null ? receivedAt : was == null ? null : was.lastHeartbeat(),
                        !Double.isNaN(stepSeconds)
                                ? stepSeconds
                                : was == null ? Double.NaN : was.stepSeconds(),
                        gpuMemoryMiB >= 0 ? gpuMemoryMiB : was == null ? -1 : was.gpuMemoryMiB(),
                        Math.max(event.step(), was == null ? 0 : was.step())));
    }

    /** The wall time of a step line's step; NaN for any other line. */
    private static double stepSeconds(EventLine line) {
        return line instanceof EventLine.Training t && t.event() instanceof StepCompleted s
                ? s.seconds()
                : Double.NaN;
    }

    /** The lanes as of {@code now}; {@code running} false marks every lane idle. */
    List<NodeLane> lanes(Instant now, boolean running) {
        List<NodeLane> out = new ArrayList<>();
        nodes.forEach(
                (node, s) -> {
                    double median = medianStepSecondsOfOthers(node);
                    Duration age =
                            s.lastHeartbeat() == null
                                    ? null
                                    : Duration.between(s.lastHeartbeat(), now);
                    out.add(
                            new NodeLane(
                                    node,
                                    s.lastHeartbeat(),
                                    s.stepSeconds(),
                                    s.gpuMemoryMiB(),
                                    s.step(),
                                    running ? judge(s, age, median) : LaneHealth.IDLE,
                                    age));
                });
        return out;
    }

    private static LaneHealth judge(Seen s, Duration age, double median) {
        if (age != null) {
            long silentMillis =
                    Math.max(
                            SILENT_AFTER.toMillis(),
                            Double.isNaN(s.stepSeconds()) ? 0 : (long) (20_000 * s.stepSeconds()));
            if (age.toMillis() > silentMillis) {
                return LaneHealth.SILENT;
            }
        }
        if (!Double.isNaN(median)
                && !Double.isNaN(s.stepSeconds())
                && s.stepSeconds() > STRAGGLER_FACTOR * median) {
            return LaneHealth.STRAGGLER;
        }
        return LaneHealth.OK;
    }

    /** NaN when no other node has stepped: a single node has nobody to lag behind. */
    private double medianStepSecondsOfOthers(String node) {
        double[] times =
                nodes.entrySet().stream()
                        .filter(e -> !e.getKey().equals(node))
                        .mapToDouble(e -> e.getValue().stepSeconds())
                        .filter(t -> !Double.isNaN(t))
                        .toArray();
        if (times.length == 0) {
            return Double.NaN;
        }
        Arrays.sort(times);
        return times.length % 2 == 1
                ? times[times.length / 2]
                : (times[times.length / 2 - 1] + times[times.length / 2]) / 2;
    }
}
