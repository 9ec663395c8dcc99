package io.asrwb.app.jobs;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;

/**
 * One node of a job as its lane shows it.
 *
 * @param node the host (inventory name) or the node a line named
 * @param lastHeartbeat when its last event line arrived, or null when only replayed lines are
 *     known (after an app restart)
 * @param stepSeconds its last step's wall time, NaN before its first step
 * @param gpuMemoryMiB its last reported GPU memory in use, -1 when its events carry none
 * @param step its last step
 * @param health judged at {@code now} (see {@link NodeLanes})
 * @param age time since its last heartbeat at {@code now}, null when unknown
 */
public record NodeLane(
        String node,
        Instant lastHeartbeat,
        double stepSeconds,
        long gpuMemoryMiB,
        long step,
        LaneHealth health,
        Duration age) {

    public String heartbeatText() {
        return age == null ? "–" : age.toSeconds() + " s ago";
    }

    public String stepTimeText() {
        return Double.isNaN(stepSeconds) ? "–" : String.format(Locale.ROOT, "%.2f s", stepSeconds);
    }

    public String gpuMemoryText() {
        return gpuMemoryMiB < 0 ? "–" : gpuMemoryMiB + " MiB";
    }
}
