package io.asrwb.engine.stream;

import io.asrwb.engine.config.FeatureConfig;
import io.asrwb.engine.features.CausalNormaliser;
import io.asrwb.engine.inference.SpeechFeatures;
import java.util.Arrays;

/**
 * A run's features computed as samples arrive: each frame once the samples its window covers are
 * in, the last few (whose centred windows reach past the end, reflect-padded) when the audio ends.
 * The frames are the ones {@link SpeechFeatures#ofSamples} gives for the whole utterance: every
 * frame is computed from a slice of the samples that holds its whole window and enough before it
 * that the slice's own reflect padding at its start touches no kept frame.
 *
 * <p>Per-utterance normalisation needs statistics of the whole utterance, so it is refused; the
 * causal ones ({@code running}, {@code running_cmvn}) are carried from frame to frame as the whole path carries it.
 */
final class IncrementalFeatures {

    private final SpeechFeatures features;
    private final int hop;
    private final int nFft;
    private final int pad;

    /** Frames recomputed before the first new one, so that its window starts inside the slice. */
    private final int leadFrames;

    private final CausalNormaliser normaliser; // null: features.normalisation none

    private float[] samples = new float[16_000];
    private int length;
    private int emitted;

    IncrementalFeatures(FeatureConfig config) {
        if (config.normalisation() == FeatureConfig.Normalisation.PER_UTTERANCE) {
            throw new IllegalArgumentException(
                    "features.normalisation is per_utterance: its statistics are not known until"
                            + " the utterance ends; a streaming model needs features.normalisation:"
                            + " running, running_cmvn or none (the streaming preset)");
        }
        this.features = new SpeechFeatures(config);
        this.normaliser =
                config.normalisation() == FeatureConfig.Normalisation.NONE
                        ? null
                        : SpeechFeatures.causalNormaliser(config);
        this.hop = config.hopSamples();
        this.nFft = config.windowSamples();
        this.pad = nFft / 2;
        this.leadFrames = (pad + hop - 1) / hop + 1;
    }

    /** Values per frame. */
    int featureCount() {
        return features.featureCount();
    }

    /** Appends samples (at the config's rate); returns the frames that are now complete. */
    float[][] accept(float[] chunk) {
        if (length + chunk.length > samples.length) {
            samples = Arrays.copyOf(samples, Math.max(2 * samples.length, length + chunk.length));
        }
        System.arraycopy(chunk, 0, samples, length, chunk.length);
        length += chunk.length;
        // frame f reads samples [f*hop - pad, f*hop - pad + nFft)
        int reach = length + pad - nFft;
        int ready = reach < 0 ? 0 : Math.min(reach / hop + 1, totalFrames());
        return frames(ready, (ready - 1) * hop - pad + nFft);
    }

    /** The audio has ended: the remaining frames, their windows reflect-padded at the end. */
    float[][] finish() {
        return frames(totalFrames(), length);
    }

    /** What the whole utterance has: SpectrogramConfig#frameCount of centred frames. */
    private int totalFrames() {
        int padded = length + 2 * pad;
        return length == 0 || padded < nFft ? 0 : 1 + (padded - nFft) / hop;
    }

    /** Frames {@code [emitted, upTo)} from the samples before {@code end}. */
    private float[][] frames(int upTo, int end) {
        if (upTo <= emitted) {
            return new float[0][];
        }
        int first = emitted;
        int start = Math.max(0, first - leadFrames) * hop;
        int skip = first - start / hop;
        float[][] slice = features.unnormalised(Arrays.copyOfRange(samples, start, end));
        emitted = upTo;
        float[][] fresh = Arrays.copyOfRange(slice, skip, skip + upTo - first);
        return normaliser == null ? fresh : normaliser.applyInPlace(fresh);
    }
}
