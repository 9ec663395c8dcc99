package io.asrwb.engine.train;

import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.events.TrainingEvent;
import io.asrwb.engine.events.TrainingEvent.UtteranceFlagged;
import io.asrwb.engine.model.loss.CtcRejection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Names the utterances behind non-finite losses, each once per run attempt, as an {@link
 * UtteranceFlagged} with its audio and transcript: those the CTC loss left out (no finite loss:
 * empty transcript, too few frames, non-finite scores) and those {@link NonFiniteProbe} found
 * behind a non-finite loss or gradient. Later epochs meet them again and leave them out again
 * ({@link TrainingEvent.BatchSkipped} each time); naming them once keeps the log readable.
 */
final class FlaggedUtterances {

    private final Map<String, Utterance> byId = new HashMap<>();
    private final Set<String> named = new HashSet<>();
    private final EventFanOut events;

    FlaggedUtterances(List<Utterance> train, EventFanOut events) {
        train.forEach(u -> byId.put(u.id(), u));
        this.events = events;
    }

    /** What {@code result} found, its rows mapped to {@code ids} (the step's utterances). */
    void report(long step, List<String> ids, OptimizerStep.Result result) {
        for (CtcRejection r : result.rejections()) {
            name(step, ids.get(r.example()), r.cause());
        }
        for (NonFiniteCulprit c : result.culprits()) {
            name(step, ids.get(c.example()), c.reason());
        }
    }

    private void name(long step, String id, String reason) {
        if (!named.add(id)) {
            return;
        }
        Utterance u = byId.get(id);
        events.emit(
                new UtteranceFlagged(
                        step,
                        id,
                        u == null ? null : u.audio(),
                        u == null ? null : u.transcript(),
                        reason));
    }
}
