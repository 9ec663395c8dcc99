package io.asrwb.engine.data.batching;

import io.asrwb.engine.audio.AudioFileException;
import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.data.augment.AugmentedAudio;
import io.asrwb.engine.data.augment.Augmenter;
import java.nio.file.Path;

/**
 * One utterance to its training input: labels, decode, waveform augmentation, features,
 * SpecAugment. A pure function of (utterance, epoch) for a given configuration, so it can run on
 * any thread. Thread-safe.
 *
 * @param root      dataset root the utterances' relative audio paths resolve against
 * @param encoder   transcript to label ids
 * @param features  samples to frames
 * @param augmenter {@link Augmenter#off()} for validation
 */
public record UtteranceFeaturizer(
        Path root, TranscriptEncoder encoder, FrameFeatures features, Augmenter augmenter) {

    /**
     * @return {@link Featurized.Skipped} for unusable data
     * @throws LoaderException naming the utterance and file for anything else (a bug, not data)
     */
    public Featurized featurize(Utterance u, int epoch) {
        Path file = root.resolve(u.audio());
        try {
            int[] labels;
            try {
                labels = encoder.encode(u.transcript());
            } catch (IllegalArgumentException e) {
                return new Featurized.Skipped(
                        u.id(), file, "transcript cannot be encoded: " + e.getMessage());
            }
            if (labels.length == 0) {
                return new Featurized.Skipped(
                        u.id(),
                        file,
                        "empty transcript (CTC cannot learn from it); give it text or exclude it");
            }
            float[] samples;
            try {
                samples = AudioFiles.load(file).samples();
            } catch (AudioFileException e) {
                return new Featurized.Skipped(u.id(), file, e.getMessage());
            }
            AugmentedAudio audio = augmenter.samples(samples, epoch, u.id());
            float[][] frames = features.frames(audio.samples());
            if (frames.length == 0) {
                return new Featurized.Skipped(
                        u.id(),
                        file,
                        "audio too short for one feature frame ("
                                + audio.samples().length
                                + " samples); exclude it");
            }
            augmenter.features(frames, epoch, u.id());
            return new Featurized.Ready(
                    u.id(),
                    frames,
                    labels,
                    audio.samples().length / (double) AudioFiles.MODEL_RATE);
        } catch (RuntimeException e) {
            throw new LoaderException(
                    "utterance " + u.id() + " (" + file + ") failed in the loader: " + e, e);
        }
    }
}
