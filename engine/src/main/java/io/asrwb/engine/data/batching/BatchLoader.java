package io.asrwb.engine.data.batching;

import io.asrwb.engine.data.Utterance;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Computes feature batches on background threads ahead of the trainer and hands them over in plan
 * order. Each batch is one task on a fixed pool; the consumer holds the futures of the next
 * {@code prefetchBatches} batches in order, so what it sees is independent of thread timing: the
 * same as {@link #computeInline} computes on one thread, bit for bit.
 *
 * <p>Unusable utterances are left out of their batch and reported to the skip listener on the
 * consumer's thread, in plan order; a batch left empty is not delivered (its plan index is
 * skipped). Any other failure is rethrown to the consumer as a {@link LoaderException} naming the
 * utterance and file. One consumer thread; {@link #close()} stops the workers.
 */
public final class BatchLoader implements Iterator<FeatureBatch>, AutoCloseable {

    /** Prefix of the worker threads' names. */
    public static final String THREAD_PREFIX = "asrwb-loader-";

    private static final Logger LOG = LoggerFactory.getLogger(BatchLoader.class);

    private record Pending(int epoch, int index, Future<BatchOutcome> future) {}

    private final Map<String, Utterance> byId;
    private final UtteranceFeaturizer featurizer;
    private final IntFunction<BatchPlan> plans;
    private final int endEpoch;
    private final int depth;
    private final Consumer<SkippedUtterance> onSkip;
    private final LoaderPool pool;
    private final Deque<Pending> window = new ArrayDeque<>();

    private BatchPlan plan;
    private int nextEpoch;
    private int nextIndex;
    private FeatureBatch lookahead;
    private boolean closed;
    private long batches;
    private long utterances;
    private double audioSeconds;
    private long skipped;
    private long waitNanos;

    private BatchLoader(
            List<Utterance> utterances,
            UtteranceFeaturizer featurizer,
            IntFunction<BatchPlan> plans,
            int fromEpoch,
            int fromBatch,
            int endEpoch,
            LoaderSettings settings,
            Consumer<SkippedUtterance> onSkip) {
        this.byId = index(utterances);
        this.featurizer = featurizer;
        this.plans = plans;
        this.endEpoch = endEpoch;
        this.depth = settings.prefetchBatches();
        this.onSkip = onSkip;
        if (settings.prefetchBatches() < settings.workers()) {
            LOG.warn(
                    "prefetch depth {} < {} loader workers: only {} workers can be busy; raise the"
                            + " prefetch depth",
                    settings.prefetchBatches(),
                    settings.workers(),
                    settings.prefetchBatches());
        }
        this.pool = new LoaderPool(settings.workers());
        this.nextEpoch = fromEpoch;
        this.nextIndex = fromBatch;
        if (fromEpoch < endEpoch) {
            this.plan = plans.apply(fromEpoch);
            plan.from(fromBatch); // validates the position
        }
        fill();
    }

    /**
     * Batches of epochs {@code fromEpoch} (starting at batch {@code fromBatch}, where a resumed run
     * stopped) up to {@code endEpoch} exclusive; the next epoch's batches are prepared while the
     * current one ends, so epoch boundaries do not stall the trainer.
     *
     * @param plans the plan of an epoch (e.g. {@code e -> planner.plan(entries, seed, e)})
     */
    public static BatchLoader epochs(
            List<Utterance> utterances,
            UtteranceFeaturizer featurizer,
            IntFunction<BatchPlan> plans,
            int fromEpoch,
            int fromBatch,
            int endEpoch,
            LoaderSettings settings,
            Consumer<SkippedUtterance> onSkip) {
        return new BatchLoader(
                utterances, featurizer, plans, fromEpoch, fromBatch, endEpoch, settings, onSkip);
    }

    /** The batches of one plan from {@code fromBatch} on (e.g. a validation pass). */
    public static BatchLoader of(
            List<Utterance> utterances,
            UtteranceFeaturizer featurizer,
            BatchPlan plan,
            int fromBatch,
            LoaderSettings settings,
            Consumer<SkippedUtterance> onSkip) {
        return new BatchLoader(
                utterances,
                featurizer,
                e -> plan,
                plan.epoch(),
                fromBatch,
                plan.epoch() + 1,
                settings,
                onSkip);
    }

    /**
     * Batch {@code index} of {@code plan} computed on the calling thread: the reference the loader
     * must equal; also the path for callers that want no threads. Empty when every utterance of the
     * batch was skipped (the skipped ones go to {@code onSkip}).
     */
    public static java.util.Optional<FeatureBatch> computeInline(
            Map<String, Utterance> byId,
            UtteranceFeaturizer featurizer,
            BatchPlan plan,
            int index,
            Consumer<SkippedUtterance> onSkip) {
        BatchOutcome o =
                BatchOutcome.compute(byId, featurizer, plan.epoch(), index, plan.batch(index));
        o.skipped().forEach(onSkip);
        return java.util.Optional.ofNullable(o.batch());
    }

    /** Utterances by id, refusing duplicates. */
    public static Map<String, Utterance> index(List<Utterance> utterances) {
        Map<String, Utterance> map = new HashMap<>();
        for (Utterance u : utterances) {
            if (map.put(u.id(), u) != null) {
                throw new IllegalArgumentException(
                        "utterance id " + u.id() + " appears twice; ids must be unique");
            }
        }
        return map;
    }

    /** Submits batches until {@code depth} are pending or the schedule ends. */
    private void fill() {
        while (window.size() < depth && plan != null) {
            if (nextIndex >= plan.size()) {
                nextEpoch++;
                nextIndex = 0;
                plan = nextEpoch < endEpoch ? plans.apply(nextEpoch) : null;
                continue;
            }
            int epoch = nextEpoch;
            int index = nextIndex++;
            List<String> ids = plan.batch(index);
            window.add(
                    new Pending(
                            epoch,
                            index,
                            pool.submit(
                                    () ->
                                            BatchOutcome.compute(
                                                    byId, featurizer, epoch, index, ids))));
        }
    }

    @Override
    public boolean hasNext() {
        while (lookahead == null) {
            if (closed) {
                throw new LoaderException("the loader is closed");
            }
            Pending head = window.poll();
            if (head == null) {
                return false;
            }
            BatchOutcome outcome = await(head);
            fill();
            for (SkippedUtterance s : outcome.skipped()) {
                skipped++;
                LOG.warn(
                        "skipped utterance {} ({}) in batch {} of epoch {}: {}",
                        s.id(),
                        s.file(),
                        s.batch(),
                        s.epoch(),
                        s.reason());
                onSkip.accept(s);
            }
            lookahead = outcome.batch();
        }
        return true;
    }

    private BatchOutcome await(Pending p) {
        long start = System.nanoTime();
        try {
            return p.future().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LoaderException(
                    "interrupted while waiting for batch " + p.index() + " of epoch " + p.epoch(),
                    e);
        } catch (CancellationException e) {
            throw new LoaderException(
                    "batch "
                            + p.index()
                            + " of epoch "
                            + p.epoch()
                            + " was cancelled (loader closed)",
                    e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof LoaderException le) {
                throw new LoaderException(le.getMessage(), le);
            }
            throw new LoaderException(
                    "batch "
                            + p.index()
                            + " of epoch "
                            + p.epoch()
                            + " failed in the loader: "
                            + cause,
                    cause);
        } finally {
            waitNanos += System.nanoTime() - start;
        }
    }

    @Override
    public FeatureBatch next() {
        if (!hasNext()) {
            throw new NoSuchElementException("no batches left");
        }
        FeatureBatch b = lookahead;
        lookahead = null;
        batches++;
        utterances += b.size();
        audioSeconds += b.audioSeconds();
        return b;
    }

    public LoaderStats stats() {
        return new LoaderStats(batches, utterances, audioSeconds, skipped, waitNanos);
    }

    /** Cancels pending work and waits (briefly) for the worker threads to end. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        window.forEach(p -> p.future().cancel(true));
        window.clear();
        pool.close();
    }
}
