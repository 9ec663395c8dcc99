package io.asrwb.engine.train;

import io.asrwb.engine.inference.SpeechBatch;
import io.asrwb.engine.model.loss.CtcRejection;
import java.util.ArrayList;
import java.util.List;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * Finds the utterances behind a batch whose loss or gradient came back non-finite (icefall#580):
 * each row's forward and backward on its own; a row whose loss or gradient is then non-finite, or
 * whose features already are, is a culprit. The other rows are the batch to train on instead.
 *
 * <p>A batch's rows meet only in batch normalisation, so one NaN row poisons every row's gradient
 * in the batch but none of the others alone. When every row of a batch of several is non-finite
 * alone and none has non-finite features, the model rather than the data is at fault (a diverged
 * run): nobody is named then, and the batch is skipped as before. A batch of one cannot tell the
 * two apart; its utterance is named.
 *
 * <p>Side-effect free for the model: the probes' backward passes move batch norm's running
 * statistics, so the parameters are put back as they were before it returns. Only batches that
 * went non-finite are probed (one extra forward and backward per utterance).
 */
final class NonFiniteProbe {

    /**
     * @param culprits the rows named, with why (rows of the probed batch)
     * @param kept the rows to train on, in order; empty when nothing is left or nobody was named
     */
    record Found(List<NonFiniteCulprit> culprits, int[] kept) {}

    private NonFiniteProbe() {}

    static Found probe(ComputationGraph graph, SpeechBatch batch) {
        INDArray saved = graph.params().dup();
        try {
            List<NonFiniteCulprit> culprits = new ArrayList<>();
            List<Integer> kept = new ArrayList<>();
            boolean anyFeatures = false;
            for (int r = 0; r < batch.size(); r++) {
                SpeechBatch one = batch.rows(new int[] {r});
                boolean features = !finite(one.features());
                OptimizerStep.Backward b = OptimizerStep.backward(graph, one);
                boolean loss =
                        !Double.isFinite(b.loss())
                                || b.rejections().stream()
                                        .anyMatch(
                                                x -> x.reason() == CtcRejection.Reason.NON_FINITE);
                boolean gradient = !Double.isFinite(b.norm());
                if (features || loss || gradient) {
                    anyFeatures |= features;
                    culprits.add(new NonFiniteCulprit(r, reason(features, loss, gradient)));
                } else {
                    kept.add(r);
                }
            }
            if (batch.size() > 1 && kept.isEmpty() && !anyFeatures) {
                return new Found(List.of(), new int[0]); // the model, not one utterance
            }
            if (culprits.isEmpty()) {
                return new Found(List.of(), new int[0]); // only together: nobody to name
            }
            return new Found(culprits, kept.stream().mapToInt(Integer::intValue).toArray());
        } finally {
            graph.params().assign(saved);
            saved.close();
        }
    }

    static String reason(boolean features, boolean loss, boolean gradient) {
        String what =
                loss && gradient
                        ? "non-finite loss and gradient"
                        : loss ? "non-finite loss" : gradient ? "non-finite gradient" : "";
        if (!features) {
            return what + " on its own";
        }
        String why = "its features hold NaN or infinite values (check the audio's samples)";
        return what.isEmpty() ? why : what + ": " + why;
    }

    private static boolean finite(INDArray array) {
        for (float v : Nd4j.toFlattened(array).toFloatVector()) {
            if (!Float.isFinite(v)) {
                return false;
            }
        }
        return true;
    }
}
