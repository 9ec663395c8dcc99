package io.asrwb.engine.data.augment;

import io.asrwb.engine.audio.io.Mp3RoundTrip;

/** Lossy codecs as augmentation: MP3 at a low constant bitrate (μ-law is in {@link Channels}). */
final class Codecs {

    private Codecs() {}

    /** The MPEG-2 Layer III bitrates in [min, max] kbit/s, ascending. */
    static int[] mp3Bitrates(int min, int max) {
        return Mp3RoundTrip.BITRATES.stream()
                .mapToInt(Integer::intValue)
                .filter(b -> b >= min && b <= max)
                .toArray();
    }

    static float[] mp3(float[] x, int kbps) {
        return Mp3RoundTrip.apply(x, kbps);
    }
}
