package io.asrwb.engine.model.layers;

import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * What an LSTM layer's forward pass keeps for its backward pass: the whole-utterance kernel's
 * ({@link BiLstmKernel.Forward}) or the latency-controlled one's ({@link ChunkedBiLstm.Forward}).
 */
sealed interface LstmForwardState permits BiLstmKernel.Forward, ChunkedBiLstm.Forward {

    /** The layer's output {@code [B, width, T]}, which the caller hands on. */
    INDArray output();

    /** Frees the kept state (not the output, which DL4J may still hold). */
    void release();
}
