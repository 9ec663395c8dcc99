package io.asrwb.remote.jobs.core;

import java.time.Instant;
import java.util.Objects;

/**
 * A job as the catalog holds it.
 *
 * @param id its id
 * @param spec what was asked for
 * @param host the inventory name of the host it runs (or ran) on now
 * @param state where it stands
 * @param eventsOffset bytes of the remote {@code events.jsonl} already delivered to the user
 * @param restarts automatic resumes so far
 * @param backend the backend its host was given ({@code cpu} or {@code cuda}); empty before its
 *     bundle was first sent
 * @param createdAt when it was submitted
 * @param updatedAt when its row last changed
 */
public record JobRecord(
        JobId id,
        JobSpec spec,
        String host,
        JobState state,
        long eventsOffset,
        int restarts,
        String backend,
        Instant createdAt,
        Instant updatedAt) {

    public JobRecord {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(backend, "backend");
        if (eventsOffset < 0) {
            throw new IllegalArgumentException(
                    "events offset must not be negative: " + eventsOffset);
        }
    }

    /** The backend its host was given; before its bundle went, what was asked for, with "?". */
    public String backendLabel() {
        return backend.isEmpty() ? spec.backend().word() + "?" : backend;
    }
}
