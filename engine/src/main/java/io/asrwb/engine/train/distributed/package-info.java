/** Training over several devices: DL4J's ParallelWrapper for the local ones, fed by the engine's batch loader. */
package io.asrwb.engine.train.distributed;
