package io.asrwb.engine.train;

import io.asrwb.engine.checkpoint.TrainingDataSummary;
import io.asrwb.engine.data.Utterance;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/** Counts what a run trains on into the {@link TrainingDataSummary} its checkpoints carry. */
final class TrainingDataTally {

    /** The manifest field that says whether an utterance is real or synthetic speech. */
    static final String ORIGIN_FIELD = "origin";

    /** The manifest field that names the speech synthesizer of a synthetic utterance. */
    static final String TTS_FIELD = "tts";

    private TrainingDataTally() {}

    /**
     * The summary of {@code train} (the run's training utterances, transcripts normalised) from
     * dataset {@code dataset}.
     */
    static TrainingDataSummary of(String dataset, List<Utterance> train) {
        double seconds = 0;
        Set<String> speakers = new HashSet<>();
        Map<String, Long> origins = new TreeMap<>();
        Set<String> tts = new TreeSet<>();
        Map<String, Long> words = new HashMap<>();
        for (Utterance u : train) {
            seconds += u.durationSeconds();
            if (!u.speaker().isBlank()) {
                speakers.add(u.speaker());
            }
            origins.merge(originOf(u), 1L, Long::sum);
            String synthesizer = u.meta().getOrDefault(TTS_FIELD, "").strip();
            if (!synthesizer.isEmpty()) {
                tts.add(synthesizer);
            }
            for (String word : u.transcript().strip().split("\\s+")) {
                if (!word.isEmpty()) {
                    words.merge(word, 1L, Long::sum);
                }
            }
        }
        List<String> byFrequency = new ArrayList<>(words.keySet());
        // most frequent first, ties by spelling: the same data always gives the same file
        byFrequency.sort(
                Comparator.comparing((String w) -> words.get(w))
                        .reversed()
                        .thenComparing(Comparator.naturalOrder()));
        return new TrainingDataSummary(
                TrainingDataSummary.FORMAT_VERSION,
                dataset,
                seconds,
                train.size(),
                speakers.size(),
                origins,
                List.copyOf(tts),
                words.size(),
                byFrequency.subList(
                        0, Math.min(byFrequency.size(), TrainingDataSummary.VOCABULARY_KEPT)),
                TrainingDataSummary.BY_TRAINER,
                null);
    }

    private static String originOf(Utterance u) {
        String origin = u.meta().getOrDefault(ORIGIN_FIELD, "").strip().toLowerCase(Locale.ROOT);
        return origin.equals(TrainingDataSummary.REAL)
                        || origin.equals(TrainingDataSummary.SYNTHETIC)
                ? origin
                : TrainingDataSummary.UNKNOWN;
    }
}
