package io.asrwb.engine.train;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.asrwb.engine.events.JsonLinesWriter;
import io.asrwb.engine.events.TrainingEvent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Heartbeat lines in a real events.jsonl: their form, and none after the run's last event. */
class HeartbeatTest {

    @TempDir Path dir;

    @Test
    @Timeout(60)
    void beatsUntilTheRunsLastEventWhichStaysTheLastLine() throws Exception {
        Path file = dir.resolve(JsonLinesWriter.EVENTS_FILE);
        try (JsonLinesWriter events = JsonLinesWriter.appendingTo(file);
                Heartbeat beats =
                        Heartbeat.start(events, Clock.systemUTC(), Duration.ofMillis(20))) {
            while (Files.readAllLines(file).size() < 2) {
                Thread.sleep(20);
            }
            events.on(new TrainingEvent.RunFinished(3, TrainingEvent.FinishReason.MAX_STEPS));
            int atEnd = Files.readAllLines(file).size();
            Thread.sleep(200); // ten periods: a beat after the end would land here
            List<String> lines = Files.readAllLines(file);
            assertThat(lines).hasSize(atEnd);
            assertThat(lines.get(lines.size() - 1)).contains("\"type\":\"finished\"");
            JsonNode beat = new ObjectMapper().readTree(lines.get(0));
            assertThat(beat.path("type").asText()).isEqualTo("heartbeat");
            assertThat(beat.path("step").isNumber()).isTrue();
            assertThat(beat.path("hostname").asText()).isNotBlank();
            assertThat(beat.path("time").asText()).isNotBlank();
            assertThat(beat.has("gpuMemoryMiB")).as("the CPU backend has no GPU memory").isFalse();
        }
    }
}
