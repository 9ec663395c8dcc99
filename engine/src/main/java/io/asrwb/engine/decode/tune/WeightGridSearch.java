package io.asrwb.engine.decode.tune;

import io.asrwb.engine.decode.Decoder;
import io.asrwb.engine.metrics.CorpusErrorRates;
import io.asrwb.engine.metrics.ErrorRateAccumulator;
import io.asrwb.engine.metrics.TextNormaliser;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BiFunction;
import java.util.function.Consumer;

/**
 * Decodes every scored utterance at every (α, β) of a grid and sums corpus WER and CER per point.
 * Points run in parallel on {@code threads} threads (decoders are immutable and thread-safe; the
 * log-probabilities are only read), each point's corpus in utterance order, so the surface does
 * not depend on the thread count.
 */
public final class WeightGridSearch {

    private WeightGridSearch() {}

    /**
     * @param decoders the decoder for (α, β)
     * @return one point per (α, β), α-major in the order given
     */
    public static List<GridPoint> run(
            List<ScoredUtterance> utterances,
            List<Double> alphas,
            List<Double> betas,
            BiFunction<Double, Double, Decoder> decoders,
            TextNormaliser normaliser,
            int threads)
            throws InterruptedException {
        return run(utterances, alphas, betas, decoders, normaliser, threads, p -> {});
    }

    /**
     * As {@link #run(List, List, List, BiFunction, TextNormaliser, int)}, telling {@code done} about
     * each point as it is finished (on a worker thread, in completion order).
     */
    public static List<GridPoint> run(
            List<ScoredUtterance> utterances,
            List<Double> alphas,
            List<Double> betas,
            BiFunction<Double, Double, Decoder> decoders,
            TextNormaliser normaliser,
            int threads,
            Consumer<GridPoint> done)
            throws InterruptedException {
        if (alphas.isEmpty() || betas.isEmpty()) {
            throw new IllegalArgumentException("the grid needs at least one α and one β");
        }
        ExecutorService pool =
                Executors.newFixedThreadPool(
                        Math.max(1, threads),
                        r -> {
                            Thread t = new Thread(r, "lm-tune");
                            t.setDaemon(true);
                            return t;
                        });
        try {
            List<Future<GridPoint>> futures = new ArrayList<>();
            for (double alpha : alphas) {
                for (double beta : betas) {
                    futures.add(
                            pool.submit(
                                    () -> {
                                        GridPoint p =
                                                point(
                                                        utterances,
                                                        alpha,
                                                        beta,
                                                        decoders.apply(alpha, beta),
                                                        normaliser);
                                        done.accept(p);
                                        return p;
                                    }));
                }
            }
            List<GridPoint> points = new ArrayList<>(futures.size());
            for (Future<GridPoint> f : futures) {
                points.add(f.get());
            }
            return points;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    /** Lowest WER; ties go to the lower CER, then the smaller α, then the smaller β. */
    public static GridPoint best(List<GridPoint> points) {
        return points.stream()
                .min(
                        Comparator.comparingDouble(GridPoint::wer)
                                .thenComparingDouble(GridPoint::cer)
                                .thenComparingDouble(GridPoint::alpha)
                                .thenComparingDouble(GridPoint::beta))
                .orElseThrow();
    }

    private static GridPoint point(
            List<ScoredUtterance> utterances,
            double alpha,
            double beta,
            Decoder decoder,
            TextNormaliser normaliser) {
        ErrorRateAccumulator errors = new ErrorRateAccumulator();
        for (ScoredUtterance u : utterances) {
            String hypothesis =
                    u.logProbabilities().length == 0
                            ? ""
                            : normaliser.normalise(decoder.decode(u.logProbabilities()).text());
            errors.add(u.reference(), hypothesis);
        }
        CorpusErrorRates totals = errors.snapshot();
        return new GridPoint(alpha, beta, totals.wer(), totals.cer());
    }
}
