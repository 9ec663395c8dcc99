/**
 * Speech spans of a recording (voice-activity detection), the first step of cutting a long file
 * into utterances: an energy detector with an adaptive threshold and TarsosDSP's silence detector
 * behind one interface, so the two can be measured on the same files.
 */
package io.asrwb.engine.audio.vad;
