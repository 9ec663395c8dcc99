package io.asrwb.engine.train;

import io.asrwb.engine.data.batching.SkippedUtterance;
import io.asrwb.engine.events.TrainingEvent.BatchSkipped;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Utterances the batch loader left out (unreadable audio, a transcript outside the alphabet …),
 * collected from its threads and reported on the training thread as one {@link BatchSkipped} per
 * plan batch.
 */
final class LoaderSkips {

    private final List<SkippedUtterance> pending = new ArrayList<>();
    private final EventFanOut events;

    LoaderSkips(EventFanOut events) {
        this.events = events;
    }

    /** The loader's callback. */
    void add(SkippedUtterance skipped) {
        synchronized (pending) {
            pending.add(skipped);
        }
    }

    /** Reports what was left out since the last call, at {@code step}. */
    void report(long step) {
        List<SkippedUtterance> skipped;
        synchronized (pending) {
            if (pending.isEmpty()) {
                return;
            }
            skipped = new ArrayList<>(pending);
            pending.clear();
        }
        Map<String, List<SkippedUtterance>> byBatch = new LinkedHashMap<>();
        for (SkippedUtterance s : skipped) {
            byBatch.computeIfAbsent(s.epoch() + "/" + s.batch(), k -> new ArrayList<>()).add(s);
        }
        for (List<SkippedUtterance> batch : byBatch.values()) {
            events.emit(
                    new BatchSkipped(
                            step,
                            batch.stream().map(SkippedUtterance::id).toList(),
                            "loader left out "
                                    + String.join(
                                            "; ",
                                            batch.stream()
                                                    .map(
                                                            s ->
                                                                    s.id()
                                                                            + " ("
                                                                            + s.file()
                                                                            + "): "
                                                                            + s.reason())
                                                    .toList()),
                            false));
        }
    }
}
