package io.asrwb.engine.decode;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Best-path decoding: the most probable label per frame, repeats collapsed, blanks removed. Fast
 * and what validation uses; it reads the best path, which is not always the best labelling.
 */
public final class GreedyCtcDecoder implements Decoder {

    private final CtcLabels labels;
    private final double frameSeconds;

    public GreedyCtcDecoder(CtcLabels labels, double frameSeconds) {
        this.labels = Objects.requireNonNull(labels, "labels");
        this.frameSeconds = TranscriptBuilder.checkFrameSeconds(frameSeconds);
    }

    @Override
    public Transcript decode(float[][] logProbabilities, int frames) {
        TranscriptBuilder.checkInput(logProbabilities, frames, labels);
        List<LabelSpan> spans = new ArrayList<>();
        double score = 0;
        int previous = CtcLabels.BLANK;
        for (int t = 0; t < frames; t++) {
            float[] row = logProbabilities[t];
            int best = 0;
            for (int k = 1; k < row.length; k++) {
                if (row[k] > row[best]) {
                    best = k;
                }
            }
            score += row[best];
            if (best != CtcLabels.BLANK) {
                if (best == previous) {
                    LabelSpan last = spans.remove(spans.size() - 1);
                    spans.add(new LabelSpan(best, last.firstFrame(), t));
                } else {
                    spans.add(new LabelSpan(best, t, t));
                }
            }
            previous = best;
        }
        return TranscriptBuilder.build(spans, labels, frameSeconds, score);
    }

    @Override
    public CtcLabels labels() {
        return labels;
    }

    @Override
    public double frameSeconds() {
        return frameSeconds;
    }
}
