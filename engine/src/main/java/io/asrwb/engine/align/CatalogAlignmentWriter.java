package io.asrwb.engine.align;

import io.asrwb.engine.store.Catalog;
import java.util.List;

/**
 * Streams a split's alignments into the catalog: each batch in its own transaction, so the rows
 * of a long run reach the disk as they are made and a cancelled run keeps what it finished.
 */
public final class CatalogAlignmentWriter implements AlignListener {

    private final Catalog catalog;
    private final long alignmentId;
    private final AlignListener progress;
    private int aligned;
    private int partial;
    private int failed;
    private double confidenceSum;
    private int confidenceCount;

    /**
     * @param progress told of each batch's progress (and of nothing else)
     */
    public CatalogAlignmentWriter(Catalog catalog, long alignmentId, AlignListener progress) {
        this.catalog = catalog;
        this.alignmentId = alignmentId;
        this.progress = progress;
    }

    @Override
    public void aligned(List<UtteranceAlignment> batch) {
        catalog.transaction(
                c -> {
                    new AlignmentRepository(c).write(alignmentId, batch);
                    return null;
                });
        for (UtteranceAlignment a : batch) {
            switch (AlignmentRepository.status(a)) {
                case AlignmentRepository.ALIGNED -> aligned++;
                case AlignmentRepository.PARTIAL -> partial++;
                default -> failed++;
            }
            if (a.referenceAlignment() instanceof TextAlignment.Aligned r
                    && !Double.isNaN(r.meanConfidence())) {
                confidenceSum += r.meanConfidence();
                confidenceCount++;
            }
        }
    }

    @Override
    public void progress(int done, int total) {
        progress.progress(done, total);
    }

    /** Utterances with both texts placed. */
    public int alignedCount() {
        return aligned;
    }

    public int partialCount() {
        return partial;
    }

    public int failedCount() {
        return failed;
    }

    /** Mean over aligned utterances of their reference's mean word confidence; NaN if none. */
    public double meanReferenceConfidence() {
        return confidenceCount == 0 ? Double.NaN : confidenceSum / confidenceCount;
    }
}
