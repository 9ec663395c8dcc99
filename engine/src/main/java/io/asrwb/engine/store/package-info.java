/** The H2 catalog: datasets, manifest versions, utterances, curation state and import reports. */
package io.asrwb.engine.store;
