package io.asrwb.engine.train.distributed;

import org.deeplearning4j.nn.graph.ComputationGraph;
import org.deeplearning4j.parallelism.ParallelWrapper;
import org.nd4j.linalg.dataset.api.iterator.MultiDataSetIterator;

/**
 * Trains one model on several local devices (or CPU worker threads) through DL4J's {@link
 * ParallelWrapper} in parameter-averaging mode: each worker holds a replica, trains on every
 * {@code workers}-th batch with the graph's own {@code fit}, and every {@code averagingFrequency}
 * batches per worker the replicas' parameters and updater states are averaged into the model.
 * DL4J's shared-gradients mode is not offered: a probe saw it train far worse than plain {@code
 * fit} in the same number of epochs.
 *
 * <p>How this path differs from the trainer's single-device step ({@code OptimizerStep}):
 *
 * <ul>
 *   <li>No global gradient-norm clipping ({@code optim.grad_clip_norm}): replicas update through
 *       DL4J's own solver, which clips only per layer when a layer is configured for it.
 *   <li>No skipping of non-finite batches: a NaN gradient reaches a replica's parameters and, at
 *       the next average, the model's. Utterances the CTC loss rejects (empty transcript, too few
 *       frames) are still left out with zero loss and gradient.
 *   <li>Losses are reported per averaging round (the model's score after averaging), not per
 *       step, and are not bitwise repeatable: which replica sees which batch depends on thread
 *       timing. Checkpoints at epoch ends still resume at the right batch, but not bit for bit.
 *   <li>The learning rate follows each replica's own iteration count (it trains 1/workers of the
 *       batches), so the schedule runs slower in steps of the whole run than on one device.
 *   <li>Under CUDA, batches are turned into arrays on the thread calling {@link #fit}; the
 *       wrapper moves them to each worker's device.
 * </ul>
 */
public final class ParallelTraining implements ReplicaTraining {

    private final ParallelWrapper wrapper;
    private final ComputationGraph model;

    /**
     * @param model trained in place: after {@link #fit} it holds the averaged parameters
     * @param workers replicas (local devices; on CPU, threads)
     * @param averagingFrequency batches each replica trains between two averages
     */
    public ParallelTraining(ComputationGraph model, int workers, int averagingFrequency) {
        if (workers < 2) {
            throw new IllegalArgumentException(
                    "ParallelWrapper needs at least 2 workers, got "
                            + workers
                            + "; train.workers: 1 trains without it");
        }
        if (averagingFrequency < 1) {
            throw new IllegalArgumentException(
                    "train.averaging_frequency must be ≥ 1, got " + averagingFrequency);
        }
        this.model = model;
        this.wrapper =
                new ParallelWrapper.Builder<>(model)
                        .workers(workers)
                        .averagingFrequency(averagingFrequency)
                        .averageUpdaters(true)
                        .reportScoreAfterAveraging(true)
                        .prefetchBuffer(0)
                        .trainingMode(ParallelWrapper.TrainingMode.AVERAGING)
                        .build();
    }

    /** Trains on every batch {@code batches} delivers (one pass); replicas count their own steps. */
    @Override
    public void fit(MultiDataSetIterator batches, long step) {
        wrapper.fit(batches);
    }

    /** A whole epoch per fit: the wrapper's replicas start and stop with each fit. */
    @Override
    public long batchesPerFit() {
        return Long.MAX_VALUE;
    }

    @Override
    public double score() {
        return model.score();
    }

    @Override
    public void close() {
        wrapper.shutdown();
    }
}
