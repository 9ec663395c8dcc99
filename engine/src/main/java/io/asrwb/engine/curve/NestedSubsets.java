package io.asrwb.engine.curve;

import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.data.curation.SplitRequest.By;
import io.asrwb.engine.data.random.StableRandom;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Nested training subsets for a learning curve: the units (utterances, or whole speakers) are dealt
 * once in a seeded order, and each fraction takes the shortest prefix of that order that holds its
 * share of the training audio. Every subset is therefore a prefix of the next: the 10 % run's
 * utterances are all in the 25 % run, so the points differ by the data added, not by a new draw.
 */
public final class NestedSubsets {

    private NestedSubsets() {}

    /** One point's training utterances. */
    public record Subset(double fraction, List<String> ids, double seconds, int speakers) {
        public Subset {
            ids = List.copyOf(ids);
        }

        public double hours() {
            return seconds / 3600.0;
        }
    }

    /**
     * Subsets of {@code train} for the ascending {@code fractions} (each in (0, 1]).
     *
     * @throws CurveRefusedException when drawing by speaker and an utterance has no speaker, or two
     *     fractions come out as the same subset (too few units to tell them apart)
     */
    public static List<Subset> draw(
            List<Utterance> train, List<Double> fractions, By by, long seed) {
        if (train.isEmpty()) {
            throw new CurveRefusedException("the dataset has no training utterances to draw from");
        }
        List<List<Utterance>> units = units(train, by);
        StableRandom.of(seed).shuffle(units);
        double total = train.stream().mapToDouble(Utterance::durationSeconds).sum();
        List<Subset> subsets = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        List<String> speakers = new ArrayList<>();
        double seconds = 0;
        int next = 0;
        for (double fraction : fractions) {
            // a share of the audio, not of the count: the x axis is hours
            double wanted = fraction >= 1.0 ? Double.POSITIVE_INFINITY : fraction * total;
            int before = next;
            while (next < units.size() && (next == 0 || seconds < wanted)) {
                for (Utterance u : units.get(next)) {
                    ids.add(u.id());
                    seconds += u.durationSeconds();
                    if (u.speaker() != null && !speakers.contains(u.speaker())) {
                        speakers.add(u.speaker());
                    }
                }
                next++;
            }
            if (!subsets.isEmpty() && next == before) {
                throw new CurveRefusedException(
                        String.format(
                                java.util.Locale.ROOT,
                                "fractions %s and %s give the same %d of %d %ss: too few to tell"
                                        + " them apart; use fewer fractions%s",
                                Fractions.format(subsets.get(subsets.size() - 1).fraction()),
                                Fractions.format(fraction),
                                next,
                                units.size(),
                                by.key(),
                                by == By.SPEAKER ? " or --by utterance" : ""));
            }
            subsets.add(new Subset(fraction, ids, seconds, speakers.size()));
        }
        return subsets;
    }

    private static List<List<Utterance>> units(List<Utterance> train, By by) {
        // sorted first, so the deal depends on the seed and the ids, not on the catalog's order
        List<Utterance> sorted =
                train.stream().sorted(Comparator.comparing(Utterance::id)).toList();
        List<List<Utterance>> units = new ArrayList<>();
        if (by == By.UTTERANCE) {
            sorted.forEach(u -> units.add(List.of(u)));
            return units;
        }
        Map<String, List<Utterance>> bySpeaker = new TreeMap<>();
        int without = 0;
        for (Utterance u : sorted) {
            if (u.speaker() == null || u.speaker().isBlank()) {
                without++;
            } else {
                bySpeaker.computeIfAbsent(u.speaker(), s -> new ArrayList<>()).add(u);
            }
        }
        if (without > 0) {
            throw new CurveRefusedException(
                    without
                            + " of "
                            + train.size()
                            + " training utterances have no speaker: --by speaker needs one on"
                            + " every utterance; use --by utterance");
        }
        units.addAll(bySpeaker.values());
        return units;
    }
}
