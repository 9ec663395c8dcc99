package io.asrwb.engine.train;

import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.inference.RunAlphabet;
import java.nio.file.Path;
import java.util.List;

/**
 * What a run trains on: its config and folder, alphabet, the training and validation utterances
 * (normalised transcripts, absolute audio paths, as {@link CatalogCorpus} gives them) and the hash
 * of the manifest they came from.
 */
public record TrainingInputs(
        RunConfig config,
        Path runDir,
        RunAlphabet alphabet,
        List<Utterance> train,
        List<Utterance> validation,
        String manifestHash) {

    public TrainingInputs {
        train = List.copyOf(train);
        validation = List.copyOf(validation);
    }
}
