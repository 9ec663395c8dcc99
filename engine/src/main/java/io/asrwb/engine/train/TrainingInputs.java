package io.asrwb.engine.train;

import io.asrwb.engine.config.RunConfig;
import java.nio.file.Path;
import java.util.List;

/**
 * What a run trains on: its config and folder, alphabet, the normalised, labelled training and
 * validation utterances, and the hash of the manifest they came from.
 */
public record TrainingInputs(
    RunConfig config,
    Path runDir,
    RunAlphabet alphabet,
    List<LabelledUtterance> train,
    List<LabelledUtterance> validation,
    String manifestHash) {

  public TrainingInputs {
    train = List.copyOf(train);
    validation = List.copyOf(validation);
  }
}
