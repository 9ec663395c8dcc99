/** Test fixtures shared with the remote and app modules through the engine's test-jar. */
package io.asrwb.engine.testing;
