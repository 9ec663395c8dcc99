package io.asrwb.remote.jobs.follow;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.events.EventCodec;
import io.asrwb.remote.jobs.core.JobState;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class EventLinesTest {

    @Test
    void onlyLinesWhoseEndArrivedCountAndOffsetsPointPastThem() {
        byte[] bytes =
                "{\"type\":\"step\"}\n{\"type\":\"é\"}\r\n{\"type\":\"fini"
                        .getBytes(StandardCharsets.UTF_8);
        List<EventLines.Line> lines = EventLines.complete(bytes, 100);
        assertThat(lines)
                .extracting(EventLines.Line::text)
                .containsExactly("{\"type\":\"step\"}", "{\"type\":\"é\"}");
        assertThat(lines.get(0).endOffset()).isEqualTo(116);
        assertThat(lines.get(1).endOffset()).isEqualTo(116 + 15);
        assertThat(EventLines.complete("no end yet".getBytes(StandardCharsets.UTF_8), 0)).isEmpty();
    }

    @Test
    void endEventsEndTheRunAndTornLinesAreNoEvents() {
        assertThat(
                        EventCodec.decode(
                                        "{\"type\":\"finished\",\"step\":3,\"reason\":\"max_steps\"}")
                                .flatMap(JobState::endedBy))
                .contains(new JobState.Finished("max_steps"));
        assertThat(
                        EventCodec.decode(
                                        "{\"type\":\"failed\",\"step\":0,\"message\":\"no data\"}")
                                .flatMap(JobState::endedBy))
                .contains(new JobState.Failed("no data"));
        assertThat(EventCodec.decode("{\"type\":\"step\",\"step\":1}").flatMap(JobState::endedBy))
                .isEmpty();
        assertThat(EventCodec.decode("{\"type\":\"ste")).isEmpty();
        assertThat(EventCodec.decode("[1,2]")).isEmpty();
    }
}
