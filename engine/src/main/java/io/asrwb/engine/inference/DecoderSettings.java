package io.asrwb.engine.inference;

import io.asrwb.engine.config.DecodeConfig;
import io.asrwb.engine.config.DecodeConfig.Vocabulary;
import io.asrwb.engine.decode.BeamSearchConfig;
import io.asrwb.engine.decode.Decoder;
import io.asrwb.engine.decode.Lexicon;
import io.asrwb.engine.decode.PrefixBeamSearchDecoder;
import io.asrwb.engine.decode.lm.LanguageModel;

/**
 * How a model's log-probabilities become text: greedy, or a prefix beam search of {@code
 * beamWidth} that weighs a language model by α and adds β per word and, with a closed vocabulary,
 * writes only that model's words (α, β and the vocabulary only count with a language model). What
 * {@code transcribe}, {@code lm tune} and the Transcribe tab vary.
 */
public record DecoderSettings(
        Kind kind, int beamWidth, double alpha, double beta, Vocabulary vocabulary) {

    /** Decoding algorithm. */
    public enum Kind {
        GREEDY,
        BEAM
    }

    public DecoderSettings {
        if (kind == null) {
            throw new IllegalArgumentException("kind is required");
        }
        if (vocabulary == null) {
            throw new IllegalArgumentException("vocabulary is required");
        }
        BeamSearchConfig.withLanguageModel(beamWidth, alpha, beta); // validates
    }

    /** Settings with an open vocabulary. */
    public DecoderSettings(Kind kind, int beamWidth, double alpha, double beta) {
        this(kind, beamWidth, alpha, beta, Vocabulary.OPEN);
    }

    public static DecoderSettings greedy() {
        return new DecoderSettings(Kind.GREEDY, 1, 0, 0);
    }

    /** The settings a model was trained with (its config's decode section). */
    public static DecoderSettings of(TrainedModel model) {
        DecodeConfig d = model.config().decode();
        return new DecoderSettings(
                d.decoder() == DecodeConfig.Decoder.BEAM ? Kind.BEAM : Kind.GREEDY,
                d.beamWidth(),
                d.alpha(),
                d.beta(),
                d.vocabulary());
    }

    public DecoderSettings withWeights(double newAlpha, double newBeta) {
        return new DecoderSettings(kind, beamWidth, newAlpha, newBeta, vocabulary);
    }

    /** The decoder for a model's labels and frame rate; {@code lm} may be null (none). */
    public Decoder decoderFor(TrainedModel model, LanguageModel lm) {
        if (kind == Kind.GREEDY) {
            return Transcriber.greedyDecoder(model);
        }
        double frameSeconds = model.shape().secondsPerOutputFrame();
        BeamSearchConfig config =
                lm == null
                        ? BeamSearchConfig.acoustic(beamWidth)
                        : BeamSearchConfig.withLanguageModel(beamWidth, alpha, beta);
        Lexicon lexicon = lm != null && vocabulary == Vocabulary.CLOSED ? Lexicon.of(lm) : null;
        return new PrefixBeamSearchDecoder(
                model.alphabet().ctcLabels(), frameSeconds, config, lm, lexicon);
    }
}
