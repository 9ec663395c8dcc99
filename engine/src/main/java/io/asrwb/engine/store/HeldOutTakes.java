package io.asrwb.engine.store;

import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.Utterance;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Holds out a fixed share of a dataset's takes as its test split, so a fine-tuning run never trains
 * on them and base and fine-tuned model are measured on the same unseen takes. A take is held out
 * by a seeded hash of its id (one in {@link #SHARE}), so its fate does not change when more takes
 * are recorded; takes already in the test split stay there; with too few, the training takes with
 * the lowest hashes are added up to {@link #MINIMUM}. A change is written as the dataset's next
 * manifest version, as every change of the catalog's utterances is.
 */
public final class HeldOutTakes {

    /** One take in this many is held out. */
    public static final int SHARE = 5;

    /** Fewer held-out takes than this say too little about a model. */
    public static final int MINIMUM = 5;

    /**
     * What the dataset holds after {@link #mark}: the held-out (test) take ids and how many takes
     * are left to train on (the train split and takes of no split; excluded takes are in neither).
     */
    public record Result(List<String> heldOut, int training, int newlyHeldOut) {
        public Result {
            heldOut = List.copyOf(heldOut);
        }
    }

    private HeldOutTakes() {}

    /** Moves {@code dataset}'s held-out takes to the test split (a new manifest version if any moved). */
    public static Result mark(Catalog catalog, String dataset, long seed, Clock clock) {
        return catalog.transaction(
                c -> {
                    DatasetRecord d = new DatasetRepository(c).require(dataset);
                    List<StoredUtterance> stored = new UtteranceRepository(c).of(d.id());
                    Map<String, CurationState> curation = new CurationRepository(c).of(d.id());
                    List<String> held = new ArrayList<>();
                    List<Utterance> candidates = new ArrayList<>();
                    for (StoredUtterance s : stored) {
                        Utterance u = s.utterance();
                        CurationState state = curation.get(u.id());
                        if (state != null && state.excluded()) {
                            continue;
                        }
                        if (u.split() == Split.TEST) {
                            held.add(u.id());
                        } else if (u.split() == Split.TRAIN || u.split() == Split.NONE) {
                            candidates.add(u);
                        }
                    }
                    candidates.sort(Comparator.comparingLong(u -> hash(u.id(), seed)));
                    List<String> moved = new ArrayList<>();
                    for (Utterance u : candidates) {
                        boolean chosen = Math.floorMod(hash(u.id(), seed), SHARE) == 0;
                        if (chosen || held.size() + moved.size() < MINIMUM) {
                            moved.add(u.id());
                        }
                    }
                    if (!moved.isEmpty()) {
                        Map<String, Split> toTest = new HashMap<>();
                        moved.forEach(id -> toTest.put(id, Split.TEST));
                        DatasetSplitter.assign(
                                c,
                                d,
                                toTest,
                                "held out " + moved.size() + " takes (split test) for fine-tuning",
                                clock.instant());
                    }
                    held.addAll(moved);
                    return new Result(held, candidates.size() - moved.size(), moved.size());
                });
    }

    /** A seeded hash of a take's id: the same take gets the same number on every machine. */
    static long hash(String id, long seed) {
        try {
            byte[] digest =
                    MessageDigest.getInstance("SHA-256")
                            .digest((seed + ":" + id).getBytes(StandardCharsets.UTF_8));
            long h = 0;
            for (int i = 0; i < 8; i++) {
                h = (h << 8) | (digest[i] & 0xff);
            }
            return h & Long.MAX_VALUE;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every Java runtime", e);
        }
    }
}
