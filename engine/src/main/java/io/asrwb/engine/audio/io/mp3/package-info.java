/**
 * MP3 decoding through mp3spi's javax.sound providers, to mono floats at the file's own rate: the
 * bottom of the audio stack ({@code audio} trims and resamples what it returns), so it knows none
 * of the engine's audio types.
 */
package io.asrwb.engine.audio.io.mp3;
