/** Loss functions for speech models; CTC computed by libnd4j's native ops and wrapped for DL4J. */
package io.asrwb.engine.model.loss;
