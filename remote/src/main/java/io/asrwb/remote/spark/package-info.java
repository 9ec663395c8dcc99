/**
 * Multi-node jobs on Apache Spark: a standalone master and workers started over SSH from the
 * Spark jars in the job bundle (no Spark install on a box), or an existing {@code spark://}
 * cluster, and the training driver's command line.
 */
package io.asrwb.remote.spark;
