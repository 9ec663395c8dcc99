package io.asrwb.engine.data.batching;

import io.asrwb.engine.data.Utterance;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One batch of a plan, computed: the packed batch of the usable utterances (null when none was)
 * and the ones left out with their reasons. Pure given the featurizer, so any thread may compute
 * it and the result does not depend on which one did.
 */
record BatchOutcome(FeatureBatch batch, List<SkippedUtterance> skipped) {

    static BatchOutcome compute(
            Map<String, Utterance> byId,
            UtteranceFeaturizer featurizer,
            int epoch,
            int index,
            List<String> ids) {
        List<Featurized.Ready> ready = new ArrayList<>(ids.size());
        List<SkippedUtterance> skipped = new ArrayList<>();
        for (String id : ids) {
            Utterance u = byId.get(id);
            if (u == null) {
                throw new LoaderException(
                        "batch "
                                + index
                                + " of epoch "
                                + epoch
                                + " names utterance "
                                + id
                                + ", which is not among the utterances given to the loader; the"
                                + " plan and the corpus disagree");
            }
            Featurized f = featurizer.featurize(u, epoch);
            if (f instanceof Featurized.Ready r) {
                ready.add(r);
            } else if (f instanceof Featurized.Skipped s) {
                skipped.add(new SkippedUtterance(epoch, index, s.id(), s.file(), s.reason()));
            }
        }
        return new BatchOutcome(
                ready.isEmpty() ? null : BatchPacker.pack(epoch, index, ready, skipped), skipped);
    }
}
