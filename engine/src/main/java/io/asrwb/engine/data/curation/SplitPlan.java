package io.asrwb.engine.data.curation;

import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.curation.SplitRequest.By;
import io.asrwb.engine.data.random.StableRandom;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which split each utterance goes to when a dataset is given splits. Speakers (or utterances) are
 * put in an order drawn from the seed, one draw per name, so the deal depends only on the seed and
 * the names, never on row order or the JVM; test is filled first, then val, each with at least one
 * speaker (utterance) and as near its share of the utterances as whole speakers allow; the rest
 * trains. A deal that would leave a wanted split empty is refused, saying why.
 *
 * @param by          what was dealt out (speakers unless asked otherwise or a row has none)
 * @param splits      each utterance id's split
 * @param utterances  utterances per split
 * @param speakers    distinct speakers per split (utterances without a speaker not counted)
 */
public record SplitPlan(
        By by,
        Map<String, Split> splits,
        Map<Split, Integer> utterances,
        Map<Split, Integer> speakers) {

    /** One utterance to place: its id and speaker ("" when unknown). */
    public record Row(String id, String speaker) {}

    public SplitPlan {
        splits = Map.copyOf(splits);
        utterances = Map.copyOf(utterances);
        speakers = Map.copyOf(speakers);
    }

    /** Deals {@code rows} to train, val and test as {@code request} asks. */
    public static SplitPlan of(List<Row> rows, SplitRequest request) {
        long withoutSpeaker = rows.stream().filter(r -> r.speaker().isBlank()).count();
        By by = request.by().orElse(withoutSpeaker == 0 ? By.SPEAKER : By.UTTERANCE);
        if (by == By.SPEAKER && withoutSpeaker > 0) {
            throw new SplitRefusedException(
                    withoutSpeaker
                            + " of "
                            + rows.size()
                            + " utterances have no speaker, and splitting by speaker needs one on"
                            + " every utterance",
                    "use --by utterance",
                    "split by utterance");
        }
        // Each group is dealt whole: a speaker's utterances, or one utterance.
        Map<String, List<String>> groups = new LinkedHashMap<>();
        for (Row r : rows) {
            groups.computeIfAbsent(by == By.SPEAKER ? r.speaker() : r.id(), k -> new ArrayList<>())
                    .add(r.id());
        }
        List<Split> heldOut = new ArrayList<>();
        if (request.test() > 0) {
            heldOut.add(Split.TEST);
        }
        if (request.val() > 0) {
            heldOut.add(Split.VAL);
        }
        int needed = heldOut.size() + 1;
        if (groups.size() < needed) {
            throw refusal(by, groups.size(), heldOut);
        }
        List<String> order = new ArrayList<>(groups.keySet());
        Map<String, Long> draw = new HashMap<>();
        for (String key : order) {
            draw.put(key, StableRandom.derive(request.seed(), "dataset split", 0, key).nextLong());
        }
        order.sort(Comparator.comparing((String k) -> draw.get(k)).thenComparing(k -> k));

        Map<String, Split> splits = new HashMap<>();
        int next = 0;
        for (int s = 0; s < heldOut.size(); s++) {
            Split split = heldOut.get(s);
            double target = (split == Split.TEST ? request.test() : request.val()) * rows.size();
            int reserve = heldOut.size() - s; // one group each for the later splits and train
            int count = 0;
            boolean first = true;
            while (next < order.size() - reserve) {
                int size = groups.get(order.get(next)).size();
                // Whole groups rarely hit a share: take the next one while it brings the count
                // nearer the target, and always one so the split is not empty.
                if (!first && Math.abs(count + size - target) >= Math.abs(count - target)) {
                    break;
                }
                for (String id : groups.get(order.get(next))) {
                    splits.put(id, split);
                }
                count += size;
                first = false;
                next++;
            }
        }
        for (; next < order.size(); next++) {
            for (String id : groups.get(order.get(next))) {
                splits.put(id, Split.TRAIN);
            }
        }
        return new SplitPlan(by, splits, countUtterances(splits), countSpeakers(rows, splits));
    }

    /** "3 speakers cannot fill train, val and test with at least one speaker each; …". */
    private static SplitRefusedException refusal(By by, int groups, List<Split> heldOut) {
        List<String> names = new ArrayList<>(List.of("train"));
        if (heldOut.contains(Split.VAL)) {
            names.add("val");
        }
        if (heldOut.contains(Split.TEST)) {
            names.add("test");
        }
        String wanted =
                names.size() == 2
                        ? names.get(0) + " and " + names.get(1)
                        : names.get(0) + ", " + names.get(1) + " and " + names.get(2);
        String unit = by == By.SPEAKER ? "speaker" : "utterance";
        String reason =
                groups
                        + " "
                        + unit
                        + (groups == 1 ? "" : "s")
                        + " cannot fill "
                        + wanted
                        + " with at least one "
                        + unit
                        + " each";
        return by == By.SPEAKER
                ? new SplitRefusedException(
                        reason,
                        "use --by utterance or add speakers",
                        "split by utterance or add speakers")
                : new SplitRefusedException(
                        reason,
                        "add utterances, or hold out only val or only test (--val 0 or --test 0)",
                        "add utterances, or hold out only val or only test (a share of 0)");
    }

    private static Map<Split, Integer> countUtterances(Map<String, Split> splits) {
        Map<Split, Integer> out = new EnumMap<>(Split.class);
        splits.values().forEach(s -> out.merge(s, 1, Integer::sum));
        return out;
    }

    private static Map<Split, Integer> countSpeakers(List<Row> rows, Map<String, Split> splits) {
        Map<Split, java.util.Set<String>> seen = new EnumMap<>(Split.class);
        for (Row r : rows) {
            if (!r.speaker().isBlank()) {
                seen.computeIfAbsent(splits.get(r.id()), s -> new java.util.HashSet<>())
                        .add(r.speaker());
            }
        }
        Map<Split, Integer> out = new EnumMap<>(Split.class);
        seen.forEach((s, names) -> out.put(s, names.size()));
        return out;
    }
}
