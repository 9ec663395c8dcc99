/** Epoch batch plans by duration bucket, and the background loader that turns them into padded feature batches. */
package io.asrwb.engine.data.batching;
