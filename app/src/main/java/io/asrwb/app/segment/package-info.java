/** File → Import long recording…: a long recording into utterances of a dataset, off the FX thread. */
package io.asrwb.app.segment;
