package io.asrwb.remote.jobs.follow;

import io.asrwb.engine.events.EventLine;

/**
 * Receives a followed job's {@code events.jsonl} lines, each exactly once across reattaches (the
 * offset after a line is saved as soon as {@link #event} returns), and the follower's own remarks.
 */
public interface EventSink {

    /**
     * One event line: verbatim (the engine's JSON, for a mirror or porcelain output) and as the
     * engine's codec read it (the follower reads each line once; nobody needs to again).
     */
    void event(String line, EventLine event);

    /** Something the follower did or saw: reconnecting, resuming the run, a torn line skipped. */
    void note(String message);
}
