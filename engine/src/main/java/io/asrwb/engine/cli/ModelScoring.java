package io.asrwb.engine.cli;

import io.asrwb.engine.data.SplitChoice;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.data.batching.LoaderSettings;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.train.CatalogCorpus;
import io.asrwb.engine.train.RunFeaturizers;
import io.asrwb.engine.train.TrainedModel;
import io.asrwb.engine.train.TrainingEvent.EvalCompleted;
import io.asrwb.engine.train.Transcriber;
import io.asrwb.engine.train.Validation;
import java.util.List;

/** Corpus WER and CER of a model on a catalog split, as {@code eval} measures them; stores nothing. */
final class ModelScoring {

    private ModelScoring() {}

    /** The split's utterances for {@code transcriber}'s model (its alphabet and normaliser). */
    static List<Utterance> utterances(
            Catalog catalog, String dataset, SplitChoice split, Transcriber transcriber) {
        List<Utterance> utterances =
                CatalogCorpus.split(
                        catalog,
                        dataset,
                        split,
                        transcriber.model().alphabet(),
                        transcriber.normaliser());
        if (utterances.isEmpty()) {
            throw SplitOption.nothingIn(catalog, dataset, split);
        }
        return utterances;
    }

    static EvalCompleted score(Transcriber transcriber, List<Utterance> utterances) {
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
