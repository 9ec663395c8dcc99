package io.asrwb.engine.data.batching;

import io.asrwb.engine.data.Utterance;
import java.util.List;
import java.util.Objects;

/** What the planner needs of an utterance: its id and how long it is. */
public record PlanEntry(String id, double durationSeconds) {

    public PlanEntry {
        Objects.requireNonNull(id, "id");
        if (!(durationSeconds >= 0)) {
            throw new IllegalArgumentException(
                    "utterance "
                            + id
                            + " has duration "
                            + durationSeconds
                            + " s; durations must be ≥ 0 (probe the audio file again)");
        }
    }

    public static PlanEntry of(Utterance u) {
        return new PlanEntry(u.id(), u.durationSeconds());
    }

    public static List<PlanEntry> of(List<Utterance> utterances) {
        return utterances.stream().map(PlanEntry::of).toList();
    }
}
