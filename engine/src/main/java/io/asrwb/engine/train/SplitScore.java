package io.asrwb.engine.train;

import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.data.batching.LoaderSettings;
import io.asrwb.engine.events.TrainingEvent.EvalCompleted;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.inference.Transcriber;
import java.util.List;

/**
 * Corpus WER and CER of a trained model on a list of utterances, measured the way validation
 * measures them during training: {@code eval}, {@code compare} and each learning-curve point score
 * through here.
 */
public final class SplitScore {

    private SplitScore() {}

    /** Scores {@code utterances} (normalised for the model, as {@link CatalogCorpus} gives them). */
    public static EvalCompleted score(Transcriber transcriber, List<Utterance> utterances) {
        TrainedModel trained = transcriber.model();
        Validation validation =
                new Validation(
                        utterances,
                        RunFeaturizers.evaluation(trained.config(), trained.alphabet()),
                        trained.shape().spec(),
                        transcriber.decoder(),
                        transcriber.normaliser(),
                        trained.config().data().batchSize(),
                        LoaderSettings.of(trained.config().data()));
        return validation.run(trained.graph(), trained.state().step());
    }
}
