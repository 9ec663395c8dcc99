/**
 * The engine's only code that touches javax.sound (and TarsosDSP's jvm I/O): playback, microphone
 * capture, the mp3 round trip of augmentation and slow playback (TarsosDSP's WSOLA, whose audio
 * events use its I/O format type), on the {@code audio} package's clip types; mp3
 * decoding itself is in {@code audio.io.mp3}, below {@code audio}, which reads files through it.
 * Never TarsosDSP's ffmpeg PipeDecoder, which downloads a binary when ffmpeg is missing.
 */
package io.asrwb.engine.audio.io;
