package io.asrwb.remote.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class EventLinesTest {

  @Test
  void onlyLinesWhoseEndArrivedCountAndOffsetsPointPastThem() {
    byte[] bytes = "{\"type\":\"step\"}\n{\"type\":\"é\"}\r\n{\"type\":\"fini"
        .getBytes(StandardCharsets.UTF_8);
    List<EventLines.Line> lines = EventLines.complete(bytes, 100);
    assertThat(lines).extracting(EventLines.Line::text)
        .containsExactly("{\"type\":\"step\"}", "{\"type\":\"é\"}");
    assertThat(lines.get(0).endOffset()).isEqualTo(116);
    assertThat(lines.get(1).endOffset()).isEqualTo(116 + 15);
    assertThat(EventLines.complete("no end yet".getBytes(StandardCharsets.UTF_8), 0)).isEmpty();
  }

  @Test
  void endEventsEndTheRunAndTornLinesAreNoEvents() {
    assertThat(RunEvent.parse("{\"type\":\"finished\",\"step\":3,\"reason\":\"max_steps\"}")
        .flatMap(RunEvent::endState)).contains(new JobState.Finished("max_steps"));
    assertThat(RunEvent.parse("{\"type\":\"failed\",\"step\":0,\"message\":\"no data\"}")
        .flatMap(RunEvent::endState)).contains(new JobState.Failed("no data"));
    assertThat(RunEvent.parse("{\"type\":\"step\",\"step\":1}").flatMap(RunEvent::endState))
        .isEmpty();
    assertThat(RunEvent.parse("{\"type\":\"ste")).isEmpty();
    assertThat(RunEvent.parse("[1,2]")).isEmpty();
  }
}
