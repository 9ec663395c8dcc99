/** Long recordings into utterances: aligned to a transcript or cut at pauses, written and imported. */
package io.asrwb.engine.segment;
