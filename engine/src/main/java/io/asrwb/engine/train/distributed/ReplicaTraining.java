package io.asrwb.engine.train.distributed;

import org.nd4j.linalg.dataset.api.iterator.MultiDataSetIterator;

/**
 * Trains one model through replicas that average their parameters: DL4J's ParallelWrapper on the
 * local devices ({@link ParallelTraining}) or DL4J on Apache Spark over several machines. The
 * trainer feeds it the batch loader's batches one {@link #fit} at a time and reports, evaluates
 * and checkpoints between two fits.
 */
public interface ReplicaTraining extends AutoCloseable {

    /**
     * Trains on every batch {@code batches} delivers (one pass); the model then holds the averaged
     * parameters and updater state.
     *
     * @param step the run's steps before these batches (where the learning-rate schedule stands)
     */
    void fit(MultiDataSetIterator batches, long step);

    /**
     * The most batches one {@link #fit} should take: the run's granularity of step events and
     * checkpoints (an epoch for ParallelWrapper, an averaging round for Spark).
     */
    long batchesPerFit();

    /** The model's loss after the last fit (averaged over the replicas). */
    double score();

    @Override
    void close();
}
