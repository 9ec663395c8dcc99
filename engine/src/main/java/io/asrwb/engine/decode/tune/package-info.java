/**
 * Grid search of the beam search's language-model weight α and word bonus β over utterances
 * whose acoustic log-probabilities were computed once.
 */
package io.asrwb.engine.decode.tune;
