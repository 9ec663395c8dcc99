package io.asrwb.engine.audio;

/**
 * What a file's header says about its audio, read without decoding the samples where the
 * format allows.
 *
 * @param container   "wav", "flac", "mp3" or "raw"
 * @param sampleRate  samples per second per channel
 * @param channels    channel count (≥ 1)
 * @param bitsPerSample bits of one stored sample (0 where the format has no fixed width, e.g. mp3)
 * @param frames      sample frames per channel; -1 when only an estimate in seconds is known
 * @param durationSeconds length of the audio in seconds
 */
public record AudioInfo(
        String container,
        int sampleRate,
        int channels,
        int bitsPerSample,
        long frames,
        double durationSeconds) {}
