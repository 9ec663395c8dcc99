package io.asrwb.engine.audio.vad;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns per-frame speech/silence decisions into spans the way every detector here shares, so a
 * comparison measures the frame decision and not the smoothing: pauses shorter than {@code
 * minSilence} are bridged (a breath between words is not a cut), spans shorter than {@code
 * minSpeech} are dropped (a click is not an utterance), and each span is widened by {@code pad}
 * on both sides because energy decisions clip the soft starts and ends of words.
 *
 * @param minSilenceSeconds shortest pause that separates two spans
 * @param minSpeechSeconds shortest span kept
 * @param padSeconds added before and after each span (within the file)
 */
public record FrameSpans(double minSilenceSeconds, double minSpeechSeconds, double padSeconds) {

    /** Settings for speech: 300 ms pauses split, 100 ms is the shortest word kept, 30 ms pad. */
    public static FrameSpans speechDefaults() {
        return new FrameSpans(0.30, 0.10, 0.03);
    }

    /**
     * @param speech one decision per frame
     * @param hopSeconds time between frame starts
     * @param frameSeconds length of a frame
     * @param fileSeconds length of the file, the upper bound of every span
     */
    public List<SpeechSpan> spans(
            boolean[] speech, double hopSeconds, double frameSeconds, double fileSeconds) {
        List<double[]> raw = new ArrayList<>();
        int i = 0;
        while (i < speech.length) {
            if (!speech[i]) {
                i++;
                continue;
            }
            int start = i;
            while (i < speech.length && speech[i]) {
                i++;
            }
            raw.add(new double[] {start * hopSeconds, (i - 1) * hopSeconds + frameSeconds});
        }
        List<double[]> merged = new ArrayList<>();
        for (double[] r : raw) {
            double[] last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
            if (last != null && r[0] - last[1] < minSilenceSeconds) {
                last[1] = r[1];
            } else {
                merged.add(r);
            }
        }
        List<SpeechSpan> out = new ArrayList<>();
        for (double[] m : merged) {
            if (m[1] - m[0] >= minSpeechSeconds) {
                double start = Math.max(0, m[0] - padSeconds);
                double end = Math.min(fileSeconds, m[1] + padSeconds);
                if (end > start) {
                    out.add(new SpeechSpan(start, end));
                }
            }
        }
        return out;
    }
}
