package io.asrwb.engine.data.formats;

import io.asrwb.engine.data.Utterance;
import java.util.Collection;
import java.util.List;
import java.util.TreeSet;

/**
 * The metadata columns a table manifest writes: every field name any utterance carries, sorted,
 * less the columns the format writes itself (a reader turned those into the utterance's own
 * fields, so a same-named field cannot be told apart from them).
 */
final class MetaColumns {

    private MetaColumns() {}

    static List<String> of(List<Utterance> utterances, Collection<String> ownColumns) {
        TreeSet<String> names = new TreeSet<>();
        for (Utterance u : utterances) {
            names.addAll(u.meta().keySet());
        }
        names.removeIf(n -> ownColumns.stream().anyMatch(o -> o.equalsIgnoreCase(n)));
        return List.copyOf(names);
    }

    /** The utterance's values of {@code columns}, "" where it has none. */
    static String[] values(Utterance u, List<String> columns) {
        String[] out = new String[columns.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = u.meta().getOrDefault(columns.get(i), "");
        }
        return out;
    }
}
