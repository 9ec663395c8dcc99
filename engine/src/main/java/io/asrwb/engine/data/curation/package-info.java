/** Curation checks on utterances: text and duration outliers at import, audio checks on demand. */
package io.asrwb.engine.data.curation;
