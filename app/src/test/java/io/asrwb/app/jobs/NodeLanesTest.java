package io.asrwb.app.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.events.EventCodec;
import io.asrwb.engine.events.EventLine;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Node lanes judged from event lines: heartbeat age, step time, GPU memory, stragglers, hangs. */
class NodeLanesTest {

    private static final Instant T0 = Instant.parse("2026-11-23T12:00:00Z");

    @Test
    void aSingleNodeJobHasOneLaneForItsHostWithItsStepTimeAndHeartbeat() {
        NodeLanes lanes = new NodeLanes();
        lanes.record(event("{\"type\":\"started\",\"step\":0}"), "box", T0);
        lanes.record(event(step(1, 0.25, null, null)), "box", T0.plusSeconds(2));

        List<NodeLane> shown = lanes.lanes(T0.plusSeconds(5), true);

        assertThat(shown)
                .singleElement()
                .satisfies(
                        l -> {
                            assertThat(l.node()).isEqualTo("box");
                            assertThat(l.step()).isEqualTo(1);
                            assertThat(l.stepTimeText()).isEqualTo("0.25 s");
                            assertThat(l.heartbeatText()).isEqualTo("3 s ago");
                            assertThat(l.gpuMemoryText()).isEqualTo("–");
                            assertThat(l.health()).isEqualTo(LaneHealth.OK);
                        });
    }

    @Test
    void aNodeSilentForLongerThanItsStepsAllowIsFlaggedWhileTheJobRuns() {
        NodeLanes lanes = new NodeLanes();
        lanes.record(event(step(7, 0.5, null, null)), "box", T0);

        assertThat(lanes.lanes(T0.plusSeconds(59), true).get(0).health()).isEqualTo(LaneHealth.OK);
        assertThat(
                        lanes.lanes(T0.plus(NodeLanes.SILENT_AFTER).plusSeconds(1), true)
                                .get(0)
                                .health())
                .isEqualTo(LaneHealth.SILENT);
        assertThat(lanes.lanes(T0.plusSeconds(3600), false).get(0).health())
                .as("a job that is not running has nothing to judge")
                .isEqualTo(LaneHealth.IDLE);
    }

    @Test
    void slowStepsMakeAStragglerAndSlowStepsStretchTheSilenceAllowed() {
        NodeLanes lanes = new NodeLanes();
        lanes.record(event(step(10, 1.0, "w1", 5000L)), "driver", T0);
        lanes.record(event(step(10, 1.1, "w2", 5100L)), "driver", T0);
        lanes.record(event(step(9, 6.0, "w3", null)), "driver", T0);

        List<NodeLane> shown = lanes.lanes(T0.plusSeconds(90), true);

        assertThat(shown).extracting(NodeLane::node).containsExactly("w1", "w2", "w3");
        assertThat(shown.get(0).health())
                .as("90 s > 60 s without a line")
                .isEqualTo(LaneHealth.SILENT);
        assertThat(shown.get(0).gpuMemoryText()).isEqualTo("5000 MiB");
        // 6 s steps: silent only after 120 s; but 6 s is far over 1.5 x the others' 1.05 s median
        assertThat(shown.get(2).health()).isEqualTo(LaneHealth.STRAGGLER);
        assertThat(shown.get(2).age()).isEqualTo(Duration.ofSeconds(90));
    }

    @Test
    void linesReplayedAfterARestartGiveStepTimesButNoHeartbeat() {
        NodeLanes lanes = new NodeLanes();
        lanes.record(event(step(3, 0.4, null, null)), "box", null);

        NodeLane lane = lanes.lanes(T0, true).get(0);

        assertThat(lane.heartbeatText()).isEqualTo("–");
        assertThat(lane.health()).isEqualTo(LaneHealth.OK);
        assertThat(lane.stepTimeText()).isEqualTo("0.40 s");
    }

    private static String step(long step, double seconds, String node, Long gpu) {
        return "{\"type\":\"step\",\"step\":"
                + step
                + ",\"loss\":3.0,\"lr\":0.005,\"seconds\":"
                + seconds
                + (node == null ? "" : ",\"node\":\"" + node + "\"")
                + (gpu == null ? "" : ",\"gpuMemoryMiB\":" + gpu)
                + "}";
    }

    private static EventLine event(String line) {
        return EventCodec.decode(line).orElseThrow();
    }
}
