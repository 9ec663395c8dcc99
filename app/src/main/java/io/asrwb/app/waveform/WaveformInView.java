package io.asrwb.app.waveform;

import io.asrwb.app.spectrogram.FeatureMatrix;
import io.asrwb.app.spectrogram.SpectrogramImage;
import io.asrwb.app.spectrogram.SpectrogramRenderer;
import io.asrwb.engine.audio.PcmAudio;

/**
 * What the waveform shows of the samples in view: the per-column envelope and the spectrogram of
 * the same span. Anything else drawn against the view's time axis (words with times) is computed
 * here too, off the FX thread.
 */
record WaveformInView(WaveformEnvelope envelope, SpectrogramImage spectrogram) {

    /** Samples [from, to) of {@code a} in {@code columns} columns; {@code m} is its spectrogram. */
    static WaveformInView of(PcmAudio a, FeatureMatrix m, long from, long to, int columns) {
        return new WaveformInView(
                WaveformEnvelope.of(a.samples(), from, to, columns),
                spectrogramOf(
                        m, from / (double) a.sampleRate(), to / (double) a.sampleRate(), columns));
    }

    /** The frames covering [fromS, toS) (at least one), pooled into at most {@code columns} columns. */
    static SpectrogramImage spectrogramOf(FeatureMatrix m, double fromS, double toS, int columns) {
        if (m == null || m.frameCount() == 0) {
            return null;
        }
        double hop = m.hopSeconds();
        int first = Math.max(0, Math.min(m.frameCount() - 1, (int) Math.floor(fromS / hop)));
        int last = Math.max(first + 1, Math.min(m.frameCount(), (int) Math.ceil(toS / hop)));
        return SpectrogramRenderer.render(m, first, last, columns);
    }
}
