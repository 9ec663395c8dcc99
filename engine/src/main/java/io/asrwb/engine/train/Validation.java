package io.asrwb.engine.train;

import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.data.batching.BatchLoader;
import io.asrwb.engine.data.batching.BatchPlan;
import io.asrwb.engine.data.batching.BatchPlanner;
import io.asrwb.engine.data.batching.FeatureBatch;
import io.asrwb.engine.data.batching.LoaderSettings;
import io.asrwb.engine.data.batching.PlanEntry;
import io.asrwb.engine.data.batching.SkippedUtterance;
import io.asrwb.engine.data.batching.UtteranceFeaturizer;
import io.asrwb.engine.decode.Decoder;
import io.asrwb.engine.events.TrainingEvent.EvalCompleted;
import io.asrwb.engine.events.TrainingEvent.UtteranceResult;
import io.asrwb.engine.inference.GraphOutput;
import io.asrwb.engine.inference.LogSoftmax;
import io.asrwb.engine.inference.SpeechBatch;
import io.asrwb.engine.metrics.CorpusErrorRates;
import io.asrwb.engine.metrics.ErrorRateAccumulator;
import io.asrwb.engine.metrics.TextNormaliser;
import io.asrwb.engine.metrics.UtteranceErrors;
import io.asrwb.engine.model.ModelSpec;
import io.asrwb.engine.model.loss.LossCtc;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.nd4j.linalg.activations.impl.ActivationIdentity;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * Scores a model on held-out utterances: mean CTC loss, corpus WER and CER (errors summed over the
 * corpus, divided once) and each utterance's CER, decoding with the given decoder. Batches come
 * from the {@link BatchLoader} in duration order (little padding, same order every time) with a
 * featurizer that must not augment. Inference only: it draws no random numbers, so a run evaluates
 * without changing what it trains on next. Utterances the loader skips (unusable audio, empty
 * transcript) are left out of the scores and counted in {@link #skippedLastRun()}.
 */
public final class Validation {

    private final List<Utterance> utterances;
    private final Map<String, Utterance> byId;
    private final UtteranceFeaturizer featurizer;
    private final ModelSpec model;
    private final Decoder decoder;
    private final TextNormaliser normaliser;
    private final BatchPlan plan;
    private final LoaderSettings loader;
    private List<SkippedUtterance> skippedLastRun = List.of();

    /**
     * @param utterances held-out utterances, transcripts as the normaliser leaves them
     * @param featurizer without augmentation ({@link RunFeaturizers#evaluation})
     */
    public Validation(
            List<Utterance> utterances,
            UtteranceFeaturizer featurizer,
            ModelSpec model,
            Decoder decoder,
            TextNormaliser normaliser,
            int batchSize,
            LoaderSettings loader) {
        if (!featurizer.augmenter().isOff()) {
            throw new IllegalArgumentException("validation must not augment; use Augmenter.off()");
        }
        this.utterances = List.copyOf(utterances);
        this.byId = BatchLoader.index(this.utterances);
        this.featurizer = featurizer;
        this.model = model;
        this.decoder = decoder;
        this.normaliser = normaliser;
        this.plan = new BatchPlanner(batchSize, 1, false).sequential(PlanEntry.of(this.utterances));
        this.loader = loader;
    }

    public int size() {
        return utterances.size();
    }

    /** Utterances the last {@link #run} could not score, with why. */
    public List<SkippedUtterance> skippedLastRun() {
        return skippedLastRun;
    }

    public EvalCompleted run(ComputationGraph graph, long step) {
        ErrorRateAccumulator errors = new ErrorRateAccumulator();
        List<UtteranceResult> results = new ArrayList<>(utterances.size());
        List<SkippedUtterance> skipped = new ArrayList<>();
        double lossSum = 0;
        LossCtc loss = new LossCtc();
        try (BatchLoader batches =
                BatchLoader.of(utterances, featurizer, plan, 0, loader, skipped::add)) {
            while (batches.hasNext()) {
                FeatureBatch features = batches.next();
                SpeechBatch batch = SpeechBatch.of(features, model);
                INDArray scores = GraphOutput.scores(graph, batch);
                lossSum +=
                        loss.computeScoreArray(
                                        batch.labels(),
                                        scores,
                                        new ActivationIdentity(),
                                        batch.outputMask())
                                .sumNumber()
                                .doubleValue();
                List<float[][]> logProbs = LogSoftmax.perUtterance(scores, batch.outputFrames());
                for (int b = 0; b < batch.size(); b++) {
                    String reference =
                            normaliser.normalise(byId.get(batch.ids().get(b)).transcript());
                    String hypothesis =
                            normaliser.normalise(
                                    decoder.decode(logProbs.get(b), batch.outputFrames()[b])
                                            .text());
                    UtteranceErrors e = errors.add(reference, hypothesis);
                    results.add(
                            new UtteranceResult(
                                    batch.ids().get(b), reference, hypothesis, e.cer()));
                }
            }
        }
        skippedLastRun = List.copyOf(skipped);
        CorpusErrorRates totals = errors.snapshot();
        return new EvalCompleted(
                step,
                results.isEmpty() ? Double.NaN : lossSum / results.size(),
                totals.wer(),
                totals.cer(),
                results);
    }
}
