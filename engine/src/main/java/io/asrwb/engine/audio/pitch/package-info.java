/** Pitch tracks (fundamental frequency per frame) of a clip, on TarsosDSP's YIN. */
package io.asrwb.engine.audio.pitch;
