/**
 * The engine's only code that touches javax.sound (and TarsosDSP's jvm I/O): mp3 decoding
 * through mp3spi; never TarsosDSP's ffmpeg PipeDecoder, which downloads a binary when ffmpeg is missing.
 */
package io.asrwb.engine.audio.io;
