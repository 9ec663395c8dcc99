package io.asrwb.engine.audio.io.mp3;

/**
 * Audio decoded at its own rate and mixed down to mono.
 *
 * @param mono       channel mean of each frame, in [-1, 1]
 * @param sampleRate the stream's rate
 * @param channels   how many channels were averaged
 */
public record DecodedAudio(float[] mono, int sampleRate, int channels) {}
