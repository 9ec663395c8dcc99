package io.asrwb.engine.store;

import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.SplitChoice;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * How many utterances of a dataset each split holds (excluded ones included): what a command that
 * found no utterance in the chosen split tells the user the dataset has instead.
 */
public record SplitCounts(Map<Split, Integer> counts) {

    public SplitCounts {
        counts = Map.copyOf(counts);
    }

    public static SplitCounts of(Catalog catalog, String dataset) {
        return catalog.read(
                c -> {
                    long id = new DatasetRepository(c).require(dataset).id();
                    Map<Split, Integer> bySplit = new EnumMap<>(Split.class);
                    for (StoredUtterance s : new UtteranceRepository(c).of(id)) {
                        bySplit.merge(s.utterance().split(), 1, Integer::sum);
                    }
                    return new SplitCounts(bySplit);
                });
    }

    /** Whether any stored row is of the choice (all its rows may still be excluded or unusable). */
    public boolean holds(SplitChoice choice) {
        return choice.splits().stream().anyMatch(counts::containsKey);
    }

    /** "train 100, val 10, 20 without a split", or "no utterances". */
    public String describe() {
        if (counts.isEmpty()) {
            return "no utterances";
        }
        List<String> parts = new ArrayList<>();
        for (Split s : Split.values()) {
            Integer n = counts.get(s);
            if (n != null) {
                parts.add(s == Split.NONE ? n + " without a split" : s.key() + " " + n);
            }
        }
        return String.join(", ", parts);
    }
}
