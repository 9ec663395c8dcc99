package io.asrwb.engine.bench;

import io.asrwb.engine.inference.SpeechBatch;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.deeplearning4j.nn.api.Layer;
import org.deeplearning4j.nn.api.layers.IOutputLayer;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.deeplearning4j.nn.graph.vertex.GraphVertex;
import org.deeplearning4j.nn.workspace.LayerWorkspaceMgr;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * Forward and backward seconds of each of our own hidden layers (conv front end, recurrent layers) alone, on its real input from one training
 * forward pass (one run each, so rough): where a step's time goes.
 */
public final class LayerTimings {

    /** One layer's split. */
    public record Timing(
            String layer, long[] inputShape, double forwardSeconds, double backwardSeconds) {
        @Override
        public String toString() {
            return String.format(
                    "%s: in %s forward %.3f s backward %.3f s",
                    layer, Arrays.toString(inputShape), forwardSeconds, backwardSeconds);
        }
    }

    private static final String OUR_LAYERS = "io.asrwb.engine.model.layers";

    private LayerTimings() {}

    public static List<Timing> of(ComputationGraph graph, SpeechBatch batch) {
        graph.setLayerMaskArrays(
                new INDArray[] {batch.featureMask()}, new INDArray[] {batch.outputMask()});
        try {
            Map<String, INDArray> activations =
                    graph.feedForward(new INDArray[] {batch.features()}, true, false);
            List<Timing> timings = new ArrayList<>();
            for (int index : graph.topologicalSortOrder()) {
                GraphVertex vertex = graph.getVertices()[index];
                if (!vertex.hasLayer()
                        || vertex.getLayer() instanceof IOutputLayer
                        || !vertex.getLayer().getClass().getPackageName().startsWith(OUR_LAYERS)
                        || vertex.getInputVertices() == null
                        || vertex.getInputVertices().length != 1) {
                    continue;
                }
                String previous =
                        graph.getVertices()[vertex.getInputVertices()[0].getVertexIndex()]
                                .getVertexName();
                Layer layer = vertex.getLayer();
                INDArray in = activations.get(previous).dup();
                LayerWorkspaceMgr none = LayerWorkspaceMgr.noWorkspaces();
                layer.setInput(in, none);
                long t0 = System.nanoTime();
                INDArray out = layer.activate(true, none);
                long t1 = System.nanoTime();
                layer.backpropGradient(Nd4j.onesLike(out), none);
                long t2 = System.nanoTime();
                timings.add(
                        new Timing(
                                vertex.getVertexName(),
                                in.shape(),
                                (t1 - t0) / 1e9,
                                (t2 - t1) / 1e9));
            }
            return timings;
        } finally {
            graph.clearLayerMaskArrays();
            graph.clearLayersStates();
        }
    }
}
