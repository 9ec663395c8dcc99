/** Learning curves: one recipe trained on nested shares of a dataset, WER against hours, fitted and plotted. */
package io.asrwb.engine.curve;
