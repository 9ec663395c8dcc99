package io.asrwb.remote.jobs.core;

import io.asrwb.engine.events.EventLine;
import java.util.Optional;

/**
 * Where a job stands. {@link Syncing} and {@link Running} are live; the others are final, except
 * that a {@link Lost} job may still be resumed by hand.
 */
public sealed interface JobState {

    /** The word stored in the catalog and shown by {@code job list}. */
    String word();

    /**
     * The state a run's event line ends it in: {@code finished} (with its reason) or {@code failed}
     * (with its message); empty when the run goes on. A line of a type this build does not know
     * ends nothing.
     */
    static Optional<JobState> endedBy(EventLine line) {
        if (line instanceof EventLine.Training t) {
            return t.event().accept(new RunEnd());
        }
        return Optional.empty();
    }

    /** Whether the job will not change any more by itself. */
    default boolean ended() {
        return !(this instanceof Syncing || this instanceof Running);
    }

    /** The bundle (runtime, config, dataset) is being copied to the host. */
    record Syncing() implements JobState {
        @Override
        public String word() {
            return "syncing";
        }
    }

    /** The remote process was started; {@code pid} is its process group on the host. */
    record Running(long pid) implements JobState {
        @Override
        public String word() {
            return "running";
        }
    }

    /** The run wrote its {@code finished} event; {@code reason} is the event's (completed, …). */
    record Finished(String reason) implements JobState {
        @Override
        public String word() {
            return "finished";
        }
    }

    /** The run wrote a {@code failed} event (bad config, no data …): resuming would fail again. */
    record Failed(String message) implements JobState {
        @Override
        public String word() {
            return "failed";
        }
    }

    /** The user stopped it. */
    record Stopped() implements JobState {
        @Override
        public String word() {
            return "stopped";
        }
    }

    /** The process died without finishing and was not (or no longer) resumed: why, in words. */
    record Lost(String message) implements JobState {
        @Override
        public String word() {
            return "lost";
        }
    }
}
