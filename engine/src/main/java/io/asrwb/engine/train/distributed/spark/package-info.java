/**
 * Multi-node training: the trainer's batches trained by DL4J on Apache Spark with synchronous
 * parameter averaging ({@code ParameterAveragingTrainingMaster}). Spark is not on the desktop class
 * path: only these classes touch it.
 */
package io.asrwb.engine.train.distributed.spark;
