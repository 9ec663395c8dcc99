package io.asrwb.engine.config;

/** How model outputs become text during evaluation and transcription. */
public record DecodeConfig(
        @Describe("Greedy (best label per frame) or prefix beam search") Decoder decoder,
        @Describe("Prefixes kept per frame by the beam search") @Range(min = 1, max = 10000)
                int beamWidth,
        @Describe("ARPA n-gram language model for the beam search (empty: none)") String lmPath,
        @Describe("α: weight of the language model") @Range(min = 0, max = 100) double alpha,
        @Describe("β: bonus per word, offsetting the LM's preference for short outputs")
                @Range(min = -100, max = 100)
                double beta,
        @Describe(
                        "open: any spelling the model hears; closed: only the language model's"
                                + " words (a domain model's few words, as pocketsphinx decodes)")
                Vocabulary vocabulary) {

    /** Decoding algorithm. */
    public enum Decoder {
        GREEDY,
        BEAM
    }

    /** Which words the beam search may write; closed takes them from the language model. */
    public enum Vocabulary {
        OPEN,
        CLOSED
    }

    public DecodeConfig {
        lmPath = lmPath == null ? "" : lmPath;
        vocabulary = vocabulary == null ? Vocabulary.OPEN : vocabulary;
    }

    public static DecodeConfig defaults() {
        return new DecodeConfig(Decoder.GREEDY, 32, "", 0.8, 1.0, Vocabulary.OPEN);
    }

    /** True when the beam search is chosen with a language model. */
    public boolean usesLanguageModel() {
        return decoder == Decoder.BEAM && !lmPath.isBlank();
    }
}
