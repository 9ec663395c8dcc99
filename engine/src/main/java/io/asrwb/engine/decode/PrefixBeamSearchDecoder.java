package io.asrwb.engine.decode;

import io.asrwb.engine.decode.lm.LanguageModel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * CTC prefix beam search in log space: keeps the most probable labellings (summed over all their
 * alignments, split into "ends in blank" and "ends in a label"), optionally weighting each word
 * completed at a space, and the sentence end, with an n-gram language model:
 * score = ln P_ctc + α·ln P_lm + β·words. Word timings come from the best alignment of the winner.
 */
public final class PrefixBeamSearchDecoder implements Decoder {

    private final CtcLabels labels;
    private final double frameSeconds;
    private final BeamSearchConfig config;
    private final LanguageModel languageModel;
    private final Lexicon lexicon;
    private final BeamPrefix.WordScorer scorer;

    /** Acoustic beam search without a language model. */
    public PrefixBeamSearchDecoder(CtcLabels labels, double frameSeconds, BeamSearchConfig config) {
        this(labels, frameSeconds, config, null);
    }

    /** Beam search with a language model; null means none (α and β are then unused). */
    public PrefixBeamSearchDecoder(
            CtcLabels labels,
            double frameSeconds,
            BeamSearchConfig config,
            LanguageModel languageModel) {
        this(labels, frameSeconds, config, languageModel, null);
    }

    /**
     * Beam search with a language model (null: none) that writes only the words of {@code
     * lexicon} (null: any spelling).
     */
    public PrefixBeamSearchDecoder(
            CtcLabels labels,
            double frameSeconds,
            BeamSearchConfig config,
            LanguageModel languageModel,
            Lexicon lexicon) {
        this.labels = Objects.requireNonNull(labels, "labels");
        this.frameSeconds = TranscriptBuilder.checkFrameSeconds(frameSeconds);
        this.config = Objects.requireNonNull(config, "config");
        this.languageModel = languageModel;
        this.lexicon = lexicon;
        this.scorer =
                new BeamPrefix.WordScorer(
                        languageModel, config.lmWeight(), config.wordBonus(), lexicon);
    }

    public BeamSearchConfig config() {
        return config;
    }

    public Optional<LanguageModel> languageModel() {
        return Optional.ofNullable(languageModel);
    }

    /** The closed vocabulary it writes from, if any. */
    public Optional<Lexicon> lexicon() {
        return Optional.ofNullable(lexicon);
    }

    @Override
    public CtcLabels labels() {
        return labels;
    }

    @Override
    public double frameSeconds() {
        return frameSeconds;
    }

    @Override
    public Transcript decode(float[][] logProbabilities, int frames) {
        TranscriptBuilder.checkFrameCount(logProbabilities, frames);
        Search search = new Search(); // checks each row as it advances
        for (int t = 0; t < frames; t++) {
            search.advance(logProbabilities[t]);
        }
        return search.finish(logProbabilities);
    }

    /** The search advanced frame by frame as rows arrive: only the ranking is left for the end. */
    @Override
    public Session session() {
        return new Search();
    }

    /** The prefix beam after each frame so far. */
    private final class Search implements Session {

        private Map<BeamPrefix, Scores> beam = new HashMap<>();
        private int frames;

        Search() {
            beam.put(BeamPrefix.empty(), new Scores(0, Double.NEGATIVE_INFINITY));
        }

        @Override
        public void advance(float[] row) {
            TranscriptBuilder.checkRow(row, frames, labels);
            beam = prune(step(beam, row));
            frames++;
        }

        @Override
        public Transcript finish(float[][] logProbabilities) {
            if (logProbabilities.length < frames) {
                throw new IllegalArgumentException(
                        frames + " frames were decoded, " + logProbabilities.length + " given");
            }
            List<Ranked> survivors = ranked(beam);
            // With a closed vocabulary a narrow beam may end with every survivor inside a word;
            // the likeliest then stands without its unfinished word rather than with a non-word.
            BeamPrefix best = survivors.get(0).prefix.withoutPartialWord();
            double bestScore = survivors.get(0).total;
            boolean finished = false;
            for (Ranked r : survivors) {
                double score = r.total + r.prefix.finalScore(scorer);
                if (score != Double.NEGATIVE_INFINITY && (!finished || score > bestScore)) {
                    best = r.prefix;
                    bestScore = score;
                    finished = true;
                }
            }
            List<LabelSpan> spans = CtcAlignment.align(logProbabilities, frames, best.labelling());
            return TranscriptBuilder.build(spans, labels, frameSeconds, bestScore);
        }
    }

    /** One frame of the prefix recursion. */
    private Map<BeamPrefix, Scores> step(Map<BeamPrefix, Scores> beam, float[] row) {
        int[] candidates = candidates(row);
        Map<BeamPrefix, Scores> next = new HashMap<>(beam.size() * candidates.length * 2);
        for (Map.Entry<BeamPrefix, Scores> e : beam.entrySet()) {
            BeamPrefix prefix = e.getKey();
            Scores s = e.getValue();
            double total = s.total();
            for (int c : candidates) {
                double p = row[c];
                if (c == CtcLabels.BLANK) {
                    next.computeIfAbsent(prefix, k -> new Scores()).addBlank(total + p);
                    continue;
                }
                BeamPrefix extended = prefix.extend(c, labels, scorer);
                if (extended == null) {
                    if (c == prefix.lastLabel()) {
                        next.computeIfAbsent(prefix, k -> new Scores()).addLabel(s.endsInLabel + p);
                    }
                    continue;
                }
                if (c == prefix.lastLabel()) {
                    // A repeat without a blank between collapses into the same labelling; only a
                    // path
                    // ending in blank can start a new copy of the label.
                    next.computeIfAbsent(prefix, k -> new Scores()).addLabel(s.endsInLabel + p);
                    next.computeIfAbsent(extended, k -> new Scores())
                            .addLabel(s.endsInBlank + p + extended.wordScore());
                } else {
                    next.computeIfAbsent(extended, k -> new Scores())
                            .addLabel(total + p + extended.wordScore());
                }
            }
        }
        return next;
    }

    private int[] candidates(float[] row) {
        if (config.pruneLogProbability() == Double.NEGATIVE_INFINITY) {
            int[] all = new int[row.length];
            for (int k = 0; k < all.length; k++) {
                all[k] = k;
            }
            return all;
        }
        int best = 0;
        for (int k = 1; k < row.length; k++) {
            if (row[k] > row[best]) {
                best = k;
            }
        }
        int[] kept = new int[row.length];
        int n = 0;
        for (int k = 0; k < row.length; k++) {
            if (k == best || row[k] >= config.pruneLogProbability()) {
                kept[n++] = k;
            }
        }
        return Arrays.copyOf(kept, n);
    }

    private Map<BeamPrefix, Scores> prune(Map<BeamPrefix, Scores> next) {
        if (next.size() <= config.beamWidth()) {
            return next;
        }
        Map<BeamPrefix, Scores> kept = new HashMap<>(config.beamWidth() * 2);
        for (Ranked r : ranked(next).subList(0, config.beamWidth())) {
            kept.put(r.prefix, r.scores);
        }
        return kept;
    }

    /** Best first; ties broken by the labelling so results never depend on hash order. */
    private static List<Ranked> ranked(Map<BeamPrefix, Scores> beam) {
        List<Ranked> entries = new ArrayList<>(beam.size());
        beam.forEach((prefix, scores) -> entries.add(new Ranked(prefix, scores, scores.total())));
        entries.sort(
                Comparator.comparingDouble((Ranked r) -> -r.total)
                        .thenComparing(r -> r.prefix.labelling(), Arrays::compare));
        return entries;
    }

    /** A beam entry with its total computed once for sorting. */
    private record Ranked(BeamPrefix prefix, Scores scores, double total) {}

    /** Log-probabilities of a labelling's paths that end in blank and that end in its last label. */
    private static final class Scores {
        double endsInBlank;
        double endsInLabel;

        Scores() {
            this(Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY);
        }

        Scores(double endsInBlank, double endsInLabel) {
            this.endsInBlank = endsInBlank;
            this.endsInLabel = endsInLabel;
        }

        void addBlank(double logP) {
            endsInBlank = LogMath.add(endsInBlank, logP);
        }

        void addLabel(double logP) {
            endsInLabel = LogMath.add(endsInLabel, logP);
        }

        double total() {
            return LogMath.add(endsInBlank, endsInLabel);
        }
    }
}
