package io.asrwb.remote.jobs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Optional;

/**
 * What the follower needs to know of one {@code events.jsonl} line (the engine's {@code
 * EventJson}): its type, and for the last event of a run how it ended.
 */
record RunEvent(String type, String detail) {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Empty for a line that is no JSON object with a type (a line cut off when a run was killed). */
  static Optional<RunEvent> parse(String line) {
    try {
      JsonNode node = JSON.readTree(line);
      if (node == null || !node.isObject() || !node.path("type").isTextual()) {
        return Optional.empty();
      }
      String type = node.path("type").asText();
      String detail = node.path("finished".equals(type) ? "reason" : "message").asText("");
      return Optional.of(new RunEvent(type, detail));
    } catch (IOException torn) {
      return Optional.empty();
    }
  }

  /** The engine's "I am alive" line (its {@code Heartbeat}), no training progress. */
  boolean heartbeat() {
    return "heartbeat".equals(type);
  }

  /** The engine's line for a checkpoint it saved (its {@code CheckpointSaved}). */
  boolean checkpoint() {
    return "checkpoint".equals(type);
  }

  /** The job state this event ends the run in, or empty when the run goes on. */
  Optional<JobState> endState() {
    return switch (type) {
      case "finished" -> Optional.of(new JobState.Finished(detail));
      case "failed" -> Optional.of(new JobState.Failed(detail));
      default -> Optional.empty();
    };
  }
}
