package io.asrwb.app.datasets;

import io.asrwb.engine.data.curation.SplitRequest;
import java.util.Optional;

/**
 * What the user asked of Split…: built by the dialog, checked by the engine when it runs.
 *
 * @param val  share of the utterances for validation
 * @param test share of the utterances for test
 * @param by   speaker or utterance; empty: by speaker when every utterance has one
 * @param seed the same seed deals the same way
 */
public record SplitDatasetRequest(
        double val, double test, Optional<SplitRequest.By> by, long seed) {}
