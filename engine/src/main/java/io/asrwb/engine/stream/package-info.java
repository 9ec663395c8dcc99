/** Incremental inference: audio chunks in as they arrive, a partial transcript after each. */
package io.asrwb.engine.stream;
