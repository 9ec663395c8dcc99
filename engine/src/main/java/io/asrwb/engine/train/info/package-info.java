/**
 * What a model knows, in words for whoever tries it: its vocabulary (from its language model, else
 * its recorded training text) and the data it was trained on, for {@code transcribe --info} and the
 * Transcribe tab.
 */
package io.asrwb.engine.train.info;
