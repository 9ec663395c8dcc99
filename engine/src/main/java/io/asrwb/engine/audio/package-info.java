/** Reading audio files (wav, flac, mp3, au, G.722, G.711, raw PCM): header probes, decoding to 16 kHz mono, resampling. */
package io.asrwb.engine.audio;
