/** Acoustic model architectures (sealed specs) and their construction as DL4J computation graphs. */
package io.asrwb.engine.model;
