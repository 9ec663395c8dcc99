/** Throughput benchmarks of the engine's own paths (training step), run from the CLI, not the unit tests. */
package io.asrwb.engine.bench;
