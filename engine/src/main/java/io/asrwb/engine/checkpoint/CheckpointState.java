package io.asrwb.engine.checkpoint;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Everything besides the model that a run needs to continue exactly where it stopped; written as
 * {@code state.json} beside the model.
 *
 * @param formatVersion version of this file's layout ({@link #FORMAT_VERSION} when written now)
 * @param step optimizer steps completed
 * @param epoch epoch the next batch belongs to (0-based)
 * @param batchInEpoch index, in the epoch's batch order, of the next batch to train on
 * @param rng every random generator in play, by name (e.g. {@code "nd4j"}, {@code "sampler"})
 * @param config the full run config as a tree, as the run read it
 * @param manifestHash hash of the training manifest the run reads
 * @param alphabet output labels of the model, blank first
 * @param modelFingerprint {@link ModelFingerprint} of the model saved beside this file
 * @param metrics metrics at save
 * @param provenance where and with what the checkpoint was made
 */
public record CheckpointState(
        int formatVersion,
        long step,
        int epoch,
        long batchInEpoch,
        Map<String, RngState> rng,
        JsonNode config,
        String manifestHash,
        List<String> alphabet,
        String modelFingerprint,
        CheckpointMetrics metrics,
        Provenance provenance) {

    /** The layout written by this version of the engine. */
    public static final int FORMAT_VERSION = 1;

    public CheckpointState {
        if (step < 0 || epoch < 0 || batchInEpoch < 0) {
            throw new IllegalArgumentException(
                    "step, epoch and batchInEpoch must be >= 0, got "
                            + step
                            + ", "
                            + epoch
                            + ", "
                            + batchInEpoch);
        }
        rng = Map.copyOf(rng);
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(manifestHash, "manifestHash");
        alphabet = List.copyOf(alphabet);
        Objects.requireNonNull(modelFingerprint, "modelFingerprint");
        metrics = metrics == null ? CheckpointMetrics.none() : metrics;
        Objects.requireNonNull(provenance, "provenance");
    }

    /** The identity of the model this state belongs to. */
    public ModelIdentity modelIdentity() {
        return new ModelIdentity(modelFingerprint, alphabet);
    }
}
