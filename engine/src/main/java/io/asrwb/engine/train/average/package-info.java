/** Checkpoint averaging: the parameters of several checkpoints of one run, averaged into a new one. */
package io.asrwb.engine.train.average;
