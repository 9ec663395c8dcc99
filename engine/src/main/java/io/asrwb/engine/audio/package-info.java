/** Reading audio files (wav, flac, mp3, raw PCM): header probes, decoding to 16 kHz mono, resampling. */
package io.asrwb.engine.audio;
