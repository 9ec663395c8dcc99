package io.asrwb.engine.stream;

import java.util.List;

/**
 * One step of a model run incrementally: frames in (each a {@code float[]} of one time step's
 * values), the output frames that are now final out. Stateful, one utterance, one thread.
 */
sealed interface StreamStage
        permits WindowedLayerStage, ForwardLstmStage, ChunkedLstmStage, ClassScoresStage {

    /** Takes the next input frames; returns the output frames that no later input can change. */
    List<float[]> accept(List<float[]> frames);

    /** The input has ended: the remaining output frames. */
    List<float[]> finish();
}
