package io.asrwb.engine.audio.io;

import javax.sound.sampled.AudioFormat;

/** What a capture line's bytes are as samples: mono floats, and their level. */
final class CaptureSamples {

    /** What a chunk's level is when it is all zeros. */
    static final double SILENCE_DBFS = -120;

    private CaptureSamples() {}

    /** RMS level in dBFS (a full-scale sine reads about -3 dB). */
    static double levelDbfs(float[] samples) {
        if (samples.length == 0) {
            return SILENCE_DBFS;
        }
        double sum = 0;
        for (float s : samples) {
            sum += (double) s * s;
        }
        double rms = Math.sqrt(sum / samples.length);
        return rms <= 0 ? SILENCE_DBFS : Math.max(SILENCE_DBFS, 20 * Math.log10(rms));
    }

    /** 16-bit signed PCM of any channel count and byte order, averaged to mono floats. */
    static float[] toMono(byte[] bytes, int length, AudioFormat f) {
        int channels = f.getChannels();
        int frameSize = f.getFrameSize();
        boolean big = f.isBigEndian();
        int frames = length / frameSize;
        float[] out = new float[frames];
        for (int i = 0; i < frames; i++) {
            int sum = 0;
            for (int c = 0; c < channels; c++) {
                int at = i * frameSize + 2 * c;
                int lo = bytes[big ? at + 1 : at] & 0xff;
                int hi = bytes[big ? at : at + 1];
                sum += (hi << 8) | lo;
            }
            out[i] = sum / (32768f * channels);
        }
        return out;
    }
}
