package io.asrwb.engine.train;

import io.asrwb.engine.data.batching.FeatureBatch;
import io.asrwb.engine.inference.SpeechBatch;
import io.asrwb.engine.model.ModelSpec;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.nd4j.linalg.dataset.api.MultiDataSet;
import org.nd4j.linalg.dataset.api.MultiDataSetPreProcessor;
import org.nd4j.linalg.dataset.api.iterator.MultiDataSetIterator;

/**
 * The batch loader's feature batches as the {@link MultiDataSetIterator} DL4J's {@code fit} paths
 * take: features, labels, feature mask and the CTC output mask, in plan order, at most {@code
 * limit} of them. One pass only (the loader is not rewound: a new epoch is a new loader).
 *
 * <p>Not {@linkplain #asyncSupported() async}: the loader already prefetches on its own threads,
 * and a second prefetch thread would create the INDArrays on a thread other than the one that
 * called {@code fit}.
 */
public final class LoaderMultiDataSets implements MultiDataSetIterator {

    private static final long serialVersionUID = 1L;

    private final transient Iterator<FeatureBatch> batches;
    private final transient ModelSpec model;
    private final long limit;
    private transient FeatureBatch last;
    private long delivered;
    private MultiDataSetPreProcessor preProcessor;

    /**
     * @param limit most batches to deliver (the steps a run has left)
     */
    public LoaderMultiDataSets(Iterator<FeatureBatch> batches, ModelSpec model, long limit) {
        this.batches = batches;
        this.model = model;
        this.limit = limit;
    }

    /** Batches delivered so far. */
    public long delivered() {
        return delivered;
    }

    /** The last batch delivered (its epoch and plan index are the run's position), null before. */
    public FeatureBatch last() {
        return last;
    }

    @Override
    public boolean hasNext() {
        return delivered < limit && batches.hasNext();
    }

    @Override
    public MultiDataSet next() {
        if (!hasNext()) {
            throw new NoSuchElementException("the loader has no batches left");
        }
        last = batches.next();
        delivered++;
        MultiDataSet data = SpeechBatch.of(last, model).toMultiDataSet();
        if (preProcessor != null) {
            preProcessor.preProcess(data);
        }
        return data;
    }

    @Override
    public MultiDataSet next(int num) {
        return next();
    }

    @Override
    public void setPreProcessor(MultiDataSetPreProcessor preProcessor) {
        this.preProcessor = preProcessor;
    }

    @Override
    public MultiDataSetPreProcessor getPreProcessor() {
        return preProcessor;
    }

    @Override
    public boolean resetSupported() {
        return false;
    }

    @Override
    public boolean asyncSupported() {
        return false;
    }

    @Override
    public void reset() {
        throw new UnsupportedOperationException(
                "the batch loader is one pass; open a new loader for the next epoch");
    }
}
