package io.asrwb.engine.checkpoint;

import org.deeplearning4j.nn.graph.ComputationGraph;

/**
 * A checkpoint read back: the model with its updater state, and the state to resume from.
 *
 * @param checkpoint where it was read from
 * @param state step, batch position, RNG states, config and the rest
 * @param graph the model, its parameters and updater state as saved
 */
public record LoadedCheckpoint(
        Checkpoint checkpoint, CheckpointState state, ComputationGraph graph) {

    /** Name under which trainers keep ND4J's generator in {@link CheckpointState#rng()}. */
    public static final String ND4J_RNG = "nd4j";

    /**
     * Puts the calling thread's ND4J generator back as it was saved under {@link #ND4J_RNG}, if it
     * was; call it on the thread that trains, after loading (building the graph re-seeds ND4J).
     */
    public void restoreNd4jRandom() {
        if (state.rng().get(ND4J_RNG) instanceof RngState.Nd4jGenerator generator) {
            generator.restore();
        }
    }
}
