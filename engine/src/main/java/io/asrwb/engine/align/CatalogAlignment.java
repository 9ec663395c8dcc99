package io.asrwb.engine.align;

import io.asrwb.engine.data.SplitChoice;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.inference.Transcriber;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.CatalogCorpus;
import io.asrwb.engine.store.DatasetRepository;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * A dataset split aligned into the catalog, as the CLI and the app both do it: the split as a run
 * sees it (curated, normalised), a fresh alignment row replacing the split's earlier one by the
 * same checkpoint, the utterances' rows streamed in a batch at a time.
 */
public final class CatalogAlignment {

    /**
     * @param alignmentId the stored alignment (-1 when the split has no utterances: nothing stored)
     * @param utterances  utterances of the split
     * @param done        utterances aligned before a cancel (all of them without one)
     */
    public record Result(
            long alignmentId,
            long datasetId,
            int utterances,
            int done,
            int aligned,
            int partial,
            int failed,
            double meanConfidence) {}

    private CatalogAlignment() {}

    public static Result run(
            Catalog catalog,
            String dataset,
            SplitChoice split,
            Transcriber transcriber,
            int batchSize,
            AlignListener progress,
            BooleanSupplier cancelled) {
        TrainedModel trained = transcriber.model();
        long datasetId = catalog.read(c -> new DatasetRepository(c).require(dataset).id());
        List<Utterance> utterances =
                CatalogCorpus.split(
                        catalog,
                        dataset,
                        split,
                        trained.alphabet().alphabet(),
                        transcriber.normaliser());
        if (utterances.isEmpty()) {
            return new Result(-1, datasetId, 0, 0, 0, 0, 0, Double.NaN);
        }
        SplitAligner aligner = new SplitAligner(transcriber, batchSize);
        long id =
                catalog.transaction(
                        c ->
                                new AlignmentRepository(c)
                                        .replace(
                                                datasetId,
                                                split.key(),
                                                trained.checkpoint().toString(),
                                                trained.state().step(),
                                                aligner.frameSeconds()));
        CatalogAlignmentWriter writer = new CatalogAlignmentWriter(catalog, id, progress);
        int done = aligner.run(utterances, writer, cancelled);
        return new Result(
                id,
                datasetId,
                utterances.size(),
                done,
                writer.alignedCount(),
                writer.partialCount(),
                writer.failedCount(),
                writer.meanReferenceConfidence());
    }
}
