package io.asrwb.remote.jobs;

/**
 * Receives a followed job's {@code events.jsonl} lines, each exactly once across reattaches (the
 * offset after a line is saved as soon as {@link #event} returns), and the follower's own remarks.
 */
public interface EventSink {

  /** One event line, verbatim (the engine's JSON). */
  void event(String line);

  /** Something the follower did or saw: reconnecting, resuming the run, a torn line skipped. */
  void note(String message);
}
