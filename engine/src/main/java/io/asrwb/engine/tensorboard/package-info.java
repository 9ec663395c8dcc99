/**
 * TensorBoard's event files: TFRecord framing of hand-encoded {@code Event} protos (scalars, text,
 * session starts), written so that {@code tensorboard --logdir} reads them.
 */
package io.asrwb.engine.tensorboard;
