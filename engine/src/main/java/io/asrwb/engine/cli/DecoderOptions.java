package io.asrwb.engine.cli;

import io.asrwb.engine.config.DecodeConfig.Vocabulary;
import io.asrwb.engine.inference.DecoderSettings;
import io.asrwb.engine.inference.ModelDecoding;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.inference.Transcriber;
import java.io.IOException;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The decoding options {@code transcribe} and {@code eval} share (a picocli mixin): greedy or
 * beam, an ARPA language model, its weight α, the word bonus β and the beam width. What is not
 * given comes from the model ({@link ModelDecoding}): a model that ships a language model (the
 * bundled demo model does) decodes with a beam search over it by default.
 */
final class DecoderOptions {

    /** Decoding algorithm. */
    enum DecoderChoice {
        greedy,
        beam
    }

    static final int DEFAULT_BEAM_WIDTH = 32;

    @Option(
            names = "--decoder",
            paramLabel = "greedy|beam",
            description =
                    "greedy or beam (default: the model's: beam with the language model it ships"
                            + " (decoding.yaml beside model.zip), else greedy)")
    DecoderChoice decoder;

    @Option(
            names = "--lm",
            paramLabel = "ARPA",
            description =
                    "ARPA n-gram language model for the beam search (see 'asrwb lm build');"
                            + " replaces the one the model ships")
    Path lm;

    @Option(
            names = "--no-lm",
            description = "beam search without the language model the model ships")
    boolean noLm;

    @Option(
            names = "--alpha",
            paramLabel = "α",
            converter = Bounded.FiniteDouble.class,
            description = "language-model weight (default: the model's; 'asrwb lm tune' finds one)")
    Double alpha;

    @Option(
            names = "--beta",
            paramLabel = "β",
            converter = Bounded.FiniteDouble.class,
            description = "bonus per word with a language model (default: the model's)")
    Double beta;

    @Option(
            names = "--beam-width",
            paramLabel = "N",
            converter = Bounded.PositiveInt.class,
            description =
                    "prefixes kept per frame by the beam search (default: the model's, else "
                            + DEFAULT_BEAM_WIDTH
                            + ")")
    Integer beamWidth;

    @Option(
            names = "--vocabulary",
            paramLabel = "open|closed",
            description =
                    "open: any spelling the model hears; closed: only the language model's words"
                            + " (default: the model's, else open)")
    VocabularyChoice vocabulary;

    /** Which words the beam search may write. */
    enum VocabularyChoice {
        open,
        closed;

        Vocabulary setting() {
            return this == closed ? Vocabulary.CLOSED : Vocabulary.OPEN;
        }
    }

    /** The decoding for {@code model}: the options over what the model asks for. */
    ModelDecoding chosen(TrainedModel model) throws IOException {
        if (lm != null && decoder == DecoderChoice.greedy) {
            throw new CommandFailedException("--lm needs --decoder beam");
        }
        if (lm != null && noLm) {
            throw new CommandFailedException("--lm and --no-lm contradict each other: give one");
        }
        ModelDecoding own = ModelDecoding.of(model);
        DecoderSettings.Kind kind =
                decoder != null
                        ? (decoder == DecoderChoice.beam
                                ? DecoderSettings.Kind.BEAM
                                : DecoderSettings.Kind.GREEDY)
                        : lm != null || noLm ? DecoderSettings.Kind.BEAM : own.settings().kind();
        Path languageModel =
                kind == DecoderSettings.Kind.GREEDY || noLm
                        ? null
                        : lm != null ? lm : own.languageModel();
        if ((alpha != null || beta != null) && languageModel == null) {
            throw new CommandFailedException(
                    "--alpha and --beta weigh a language model: give --lm too");
        }
        double a = alpha != null ? alpha : own.settings().alpha();
        double b = beta != null ? beta : own.settings().beta();
        if (!Double.isFinite(a) || !Double.isFinite(b)) {
            throw new CommandFailedException("--alpha and --beta must be finite numbers");
        }
        int width =
                beamWidth != null
                        ? beamWidth
                        : own.settings().kind() == DecoderSettings.Kind.BEAM
                                ? own.settings().beamWidth()
                                : DEFAULT_BEAM_WIDTH;
        Vocabulary words = vocabulary == null ? own.settings().vocabulary() : vocabulary.setting();
        if (vocabulary == VocabularyChoice.closed && languageModel == null) {
            throw new CommandFailedException(
                    "--vocabulary closed writes only a language model's words: give --lm, or"
                            + " use a model that ships one, with the beam decoder");
        }
        return new ModelDecoding(new DecoderSettings(kind, width, a, b, words), languageModel);
    }

    /** A transcriber of {@code model} decoding as the options say. */
    Transcriber transcriber(TrainedModel model) throws IOException {
        return chosen(model).transcriber(model);
    }

    /** How {@code chosen} decodes, for people: "greedy", "beam 32", "beam 32 + LM lm.arpa". */
    static String describe(ModelDecoding chosen) {
        DecoderSettings s = chosen.settings();
        if (s.kind() == DecoderSettings.Kind.GREEDY) {
            return "greedy";
        }
        return chosen.languageModel() == null
                ? "beam " + s.beamWidth()
                : String.format(
                        java.util.Locale.ROOT,
                        "beam %d + LM %s α %s β %s%s",
                        s.beamWidth(),
                        chosen.languageModel().getFileName(),
                        s.alpha(),
                        s.beta(),
                        s.vocabulary() == Vocabulary.CLOSED ? ", its words only" : "");
    }
}
