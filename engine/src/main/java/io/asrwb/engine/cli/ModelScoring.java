package io.asrwb.engine.cli;

import io.asrwb.engine.data.SplitChoice;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.inference.Transcriber;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.CatalogCorpus;
import java.util.List;

/** The utterances of a catalog split a model is scored on ({@code eval}, {@code average}). */
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
                        transcriber.model().alphabet().alphabet(),
                        transcriber.normaliser());
        if (utterances.isEmpty()) {
            throw SplitOption.nothingIn(catalog, dataset, split);
        }
        return utterances;
    }
}
