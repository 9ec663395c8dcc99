package io.asrwb.engine.cli;

import io.asrwb.engine.decode.lm.ArpaReader;
import io.asrwb.engine.decode.lm.LanguageModel;
import io.asrwb.engine.train.DecoderSettings;
import io.asrwb.engine.train.TrainedModel;
import io.asrwb.engine.train.Transcriber;
import java.io.IOException;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The decoding options {@code transcribe} and {@code eval} share (a picocli mixin): greedy or
 * beam, an ARPA language model, its weight α, the word bonus β and the beam width. α and β
 * default to the model's own config (its decode section).
 */
final class DecoderOptions {

  /** Decoding algorithm. */
  enum DecoderChoice { greedy, beam }

  @Option(names = "--decoder", defaultValue = "greedy", paramLabel = "greedy|beam",
      description = "greedy or beam (default: ${DEFAULT-VALUE})")
  DecoderChoice decoder;

  @Option(names = "--lm", paramLabel = "ARPA",
      description = "ARPA n-gram language model for --decoder beam (see 'asrwb lm build')")
  Path lm;

  @Option(names = "--alpha", paramLabel = "α", converter = Bounded.FiniteDouble.class,
      description = "language-model weight (default: the model's decode.alpha; 'asrwb lm tune' finds one)")
  Double alpha;

  @Option(names = "--beta", paramLabel = "β", converter = Bounded.FiniteDouble.class,
      description = "bonus per word with --lm (default: the model's decode.beta)")
  Double beta;

  @Option(names = "--beam-width", defaultValue = "32", paramLabel = "N",
      converter = Bounded.PositiveInt.class,
      description = "prefixes kept per frame by the beam search (default: ${DEFAULT-VALUE})")
  int beamWidth;

  /** The settings for {@code model}, after checking the options fit together. */
  DecoderSettings settings(TrainedModel model) {
    if (lm != null && decoder != DecoderChoice.beam) {
      throw new CommandFailedException("--lm needs --decoder beam");
    }
    if ((alpha != null || beta != null) && lm == null) {
      throw new CommandFailedException("--alpha and --beta weigh a language model: give --lm too");
    }
    DecoderSettings own = DecoderSettings.of(model);
    double a = alpha != null ? alpha : own.alpha();
    double b = beta != null ? beta : own.beta();
    if (!Double.isFinite(a) || !Double.isFinite(b)) {
      throw new CommandFailedException("--alpha and --beta must be finite numbers");
    }
    return new DecoderSettings(decoder == DecoderChoice.beam ? DecoderSettings.Kind.BEAM
        : DecoderSettings.Kind.GREEDY, beamWidth, a, b);
  }

  /** The language model, or null without --lm. */
  LanguageModel languageModel() throws IOException {
    return lm == null ? null : ArpaReader.read(lm);
  }

  /** A transcriber of {@code model} decoding as the options say. */
  Transcriber transcriber(TrainedModel model) throws IOException {
    DecoderSettings settings = settings(model);
    return new Transcriber(model, settings.decoderFor(model, languageModel()));
  }
}
