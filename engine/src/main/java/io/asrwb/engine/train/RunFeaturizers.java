package io.asrwb.engine.train;

import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.data.augment.Augmenter;
import io.asrwb.engine.data.batching.TranscriptEncoder;
import io.asrwb.engine.data.batching.UtteranceFeaturizer;
import io.asrwb.engine.inference.RunAlphabet;
import io.asrwb.engine.inference.SpeechFeatures;
import io.asrwb.engine.metrics.TextNormaliser;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The loader's utterance-to-input function for a run: the run's normaliser and alphabet for
 * labels, its features, and its augmentation for training or none for evaluation. Utterance audio
 * paths are absolute ({@link CatalogCorpus} resolves them), so no dataset root is needed.
 */
public final class RunFeaturizers {

    private static final Path ABSOLUTE_PATHS = Path.of("");

    private RunFeaturizers() {}

    /**
     * Training: with the config's augmentation, seeded by the run seed.
     *
     * @param features the run's features ({@link RunSetup#features()})
     * @param baseDir what a relative {@code augment.noise_dir} resolves against
     * @throws IOException when the noise folder holds no usable audio
     */
    public static UtteranceFeaturizer training(
            RunConfig config, RunAlphabet alphabet, SpeechFeatures features, Path baseDir)
            throws IOException {
        return with(
                config,
                alphabet,
                features,
                Augmenter.of(config.augment(), config.train().seed(), baseDir));
    }

    /** Validation, evaluation: no augmentation. */
    public static UtteranceFeaturizer evaluation(RunConfig config, RunAlphabet alphabet) {
        return evaluation(config, alphabet, new SpeechFeatures(config.features()));
    }

    /** Validation with the run's features already made. */
    static UtteranceFeaturizer evaluation(
            RunConfig config, RunAlphabet alphabet, SpeechFeatures features) {
        return with(config, alphabet, features, Augmenter.off());
    }

    private static UtteranceFeaturizer with(
            RunConfig config, RunAlphabet alphabet, SpeechFeatures features, Augmenter augmenter) {
        TextNormaliser normaliser = alphabet.normaliser(config.normaliser());
        TranscriptEncoder encoder = text -> alphabet.alphabet().encode(normaliser.normalise(text));
        return new UtteranceFeaturizer(
                ABSOLUTE_PATHS, encoder, features.fromModelRate(), augmenter);
    }
}
