/**
 * Mask-aware DL4J layers for speech models (a 2-D convolution front end and a bidirectional LSTM)
 * whose outputs for an utterance do not depend on what it is batched with.
 */
package io.asrwb.engine.model.layers;
