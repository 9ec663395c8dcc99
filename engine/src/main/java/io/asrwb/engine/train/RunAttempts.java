package io.asrwb.engine.train;

import io.asrwb.engine.events.EventCodec;
import io.asrwb.engine.events.EventLine;
import io.asrwb.engine.events.TrainingEvent;
import io.asrwb.engine.events.TrainingEvent.RunStarted;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.ToLongFunction;

/**
 * The one rule by which every reader of a run's events sees each step once.
 *
 * <p>A run folder's {@code events.jsonl} is only ever appended to (a remote follower reads it from
 * a saved byte offset), so it holds every attempt of the run one after the other: a resume goes on
 * from a checkpoint at step K and computes again the steps the killed attempt had reported after
 * K; a run started over (it died before its first checkpoint) computes them all again. Every
 * attempt begins with a {@code started} event whose {@code step} is that K (0 for a start). So a
 * reader that meets a {@code started} event at step K forgets every point it holds from before it
 * with a step after K, then goes on adding: each step keeps the value of the attempt that
 * computed it last, and a step no later attempt reached again is gone.
 *
 * <p>Readers: {@link RunLauncher}'s eval history (early stopping), {@link CatalogMetricWriter}
 * (the run's metric rows after K are deleted in the transaction that records the start), the
 * app's training and remote-job charts, the tests of {@code job attach}.
 */
public final class RunAttempts {

    private RunAttempts() {}

    /** K when {@code event} begins an attempt ({@link RunStarted}), else empty. */
    public static OptionalLong startsAt(TrainingEvent event) {
        return event instanceof RunStarted started
                ? OptionalLong.of(started.step())
                : OptionalLong.empty();
    }

    /**
     * K when {@code line}, one line of events.jsonl read by {@link EventCodec}, begins an attempt:
     * {@code {"type":"started","step":K,…}}; else empty.
     */
    public static OptionalLong startsAt(EventLine line) {
        return line instanceof EventLine.Training t ? startsAt(t.event()) : OptionalLong.empty();
    }

    /** The points of {@code points} at or before step {@code k}, in their order. */
    public static <T> List<T> upTo(List<T> points, ToLongFunction<? super T> stepOf, long k) {
        List<T> kept = new ArrayList<>(points.size());
        for (T p : points) {
            if (stepOf.applyAsLong(p) <= k) {
                kept.add(p);
            }
        }
        return kept;
    }

    /**
     * One kind of point (eval results, step losses) folded over a run's events in the order written,
     * across its attempts.
     */
    public static final class Fold<T> {

        private final ToLongFunction<? super T> stepOf;
        private List<T> points = new ArrayList<>();

        public Fold(ToLongFunction<? super T> stepOf) {
            this.stepOf = stepOf;
        }

        /** An attempt began at step {@code k}: what earlier attempts reported after it is void. */
        public void attemptStartsAt(long k) {
            points = upTo(points, stepOf, k);
        }

        public void add(T point) {
            points.add(point);
        }

        /** Each step's point from the attempt that reported it last, in the order written. */
        public List<T> points() {
            return List.copyOf(points);
        }
    }
}
