package io.asrwb.engine.data.batching;

import java.util.List;

/** Pads prepared utterances into one {@link FeatureBatch}. */
public final class BatchPacker {

    private BatchPacker() {}

    /**
     * @param ready   the usable utterances in plan order (at least one)
     * @param skipped the plan batch's unusable utterances
     * @throws IllegalArgumentException when utterances disagree on the features per frame
     */
    public static FeatureBatch pack(
            int epoch,
            int planIndex,
            List<Featurized.Ready> ready,
            List<SkippedUtterance> skipped) {
        int b = ready.size();
        int bins = ready.get(0).frames()[0].length;
        int width = 0;
        int labelWidth = 1;
        for (Featurized.Ready r : ready) {
            width = Math.max(width, r.frames().length);
            labelWidth = Math.max(labelWidth, r.labels().length);
        }
        float[] features = new float[b * bins * width];
        float[] mask = new float[b * width];
        int[] frameCounts = new int[b];
        int[] labels = new int[b * labelWidth];
        int[] labelLengths = new int[b];
        double seconds = 0;
        for (int i = 0; i < b; i++) {
            Featurized.Ready r = ready.get(i);
            float[][] frames = r.frames();
            frameCounts[i] = frames.length;
            for (int t = 0; t < frames.length; t++) {
                float[] row = frames[t];
                if (row.length != bins) {
                    throw new IllegalArgumentException(
                            "utterance "
                                    + r.id()
                                    + " has "
                                    + row.length
                                    + " features per frame, utterance "
                                    + ready.get(0).id()
                                    + " has "
                                    + bins
                                    + "; every utterance must go through the same feature"
                                    + " settings");
                }
                int base = i * bins * width + t;
                for (int f = 0; f < bins; f++) {
                    features[base + f * width] = row[f];
                }
                mask[i * width + t] = 1f;
            }
            System.arraycopy(r.labels(), 0, labels, i * labelWidth, r.labels().length);
            labelLengths[i] = r.labels().length;
            seconds += r.durationSeconds();
        }
        List<String> ids = ready.stream().map(Featurized.Ready::id).toList();
        return new FeatureBatch(
                epoch,
                planIndex,
                ids,
                bins,
                width,
                features,
                mask,
                frameCounts,
                labelWidth,
                labels,
                labelLengths,
                seconds,
                skipped);
    }
}
