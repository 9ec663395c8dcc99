/**
 * A trained model in use: read from a checkpoint ({@link io.asrwb.engine.inference.TrainedModel}),
 * its features, architecture and output frame rate derived once ({@link
 * io.asrwb.engine.inference.ModelShape}), and decoded ({@link
 * io.asrwb.engine.inference.Transcriber}). Below training: nothing here imports the trainer, so
 * the standalone inference jar ships without it.
 */
package io.asrwb.engine.inference;
