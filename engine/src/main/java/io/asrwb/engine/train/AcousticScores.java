package io.asrwb.engine.train;

import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.data.batching.BatchLoader;
import io.asrwb.engine.data.batching.BatchPlanner;
import io.asrwb.engine.data.batching.FeatureBatch;
import io.asrwb.engine.data.batching.LoaderSettings;
import io.asrwb.engine.data.batching.PlanEntry;
import io.asrwb.engine.data.batching.SkippedUtterance;
import io.asrwb.engine.decode.tune.ScoredUtterance;
import io.asrwb.engine.inference.GraphOutput;
import io.asrwb.engine.inference.SpeechBatch;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.metrics.TextNormaliser;
import io.asrwb.engine.model.ModelSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Runs a trained model once over utterances and keeps each one's log-probabilities, so decoder
 * settings can be searched at the cost of decoding only. Batched in duration order without
 * augmentation, as {@link Validation} batches.
 */
public final class AcousticScores {

    private AcousticScores() {}

    /**
     * @param utterances transcripts normalised by {@code normaliser}
     * @param skipped    told about each utterance the loader cannot use (unreadable audio, empty text)
     */
    public static List<ScoredUtterance> of(
            TrainedModel model,
            List<Utterance> utterances,
            TextNormaliser normaliser,
            Consumer<SkippedUtterance> skipped) {
        ModelSpec spec = model.shape().spec();
        Map<String, Utterance> byId = BatchLoader.index(utterances);
        List<ScoredUtterance> out = new ArrayList<>(utterances.size());
        try (BatchLoader batches =
                BatchLoader.of(
                        utterances,
                        RunFeaturizers.evaluation(model.config(), model.alphabet()),
                        new BatchPlanner(model.config().data().batchSize(), 1, false)
                                .sequential(PlanEntry.of(utterances)),
                        0,
                        LoaderSettings.of(model.config().data()),
                        skipped)) {
            while (batches.hasNext()) {
                FeatureBatch featureBatch = batches.next();
                SpeechBatch batch = SpeechBatch.of(featureBatch, spec);
                List<float[][]> logProbs = GraphOutput.logProbabilities(model.graph(), batch);
                for (int b = 0; b < batch.size(); b++) {
                    String id = batch.ids().get(b);
                    out.add(
                            new ScoredUtterance(
                                    id,
                                    normaliser.normalise(byId.get(id).transcript()),
                                    logProbs.get(b)));
                }
            }
        }
        return out;
    }
}
