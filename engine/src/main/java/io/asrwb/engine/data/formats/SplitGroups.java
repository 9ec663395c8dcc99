package io.asrwb.engine.data.formats;

import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.Utterance;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** Utterances grouped by split, in split order, each group in input order. */
final class SplitGroups {

    private SplitGroups() {}

    static Map<Split, List<Utterance>> of(List<Utterance> utterances) {
        Map<Split, List<Utterance>> groups = new EnumMap<>(Split.class);
        for (Utterance u : utterances) {
            groups.computeIfAbsent(u.split(), s -> new ArrayList<>()).add(u);
        }
        return groups;
    }
}
