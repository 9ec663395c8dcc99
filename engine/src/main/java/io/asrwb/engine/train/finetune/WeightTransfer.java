package io.asrwb.engine.train.finetune;

import io.asrwb.engine.model.ModelSpec;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import org.deeplearning4j.nn.api.Layer;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * Copies a checkpoint's weights into a freshly built model of the same shape, layer by layer and
 * parameter by parameter by name (batch-norm running statistics included, updater state not): the
 * new run gets the old model's function and its own optimizer.
 */
final class WeightTransfer {

    private WeightTransfer() {}

    /**
     * The first place where {@code target} does not have {@code source}'s shape, in the order the
     * target's layers run, as a sentence; empty when every weight fits. The output layer is left
     * out when {@code skipOutput}.
     */
    static Optional<String> firstDifference(
            ComputationGraph source, ComputationGraph target, boolean skipOutput) {
        for (Layer layer : target.getLayers()) {
            String name = layer.conf().getLayer().getLayerName();
            if (skipOutput && name.equals(ModelSpec.CLASSES)) {
                continue;
            }
            if (source.getVertex(name) == null || !source.getVertex(name).hasLayer()) {
                return Optional.of(
                        "layer " + name + " is in this run's model, not in the checkpoint's");
            }
            Map<String, INDArray> from = source.getLayer(name).paramTable();
            Map<String, INDArray> to = layer.paramTable();
            for (Map.Entry<String, INDArray> param : to.entrySet()) {
                INDArray saved = from.get(param.getKey());
                if (saved == null) {
                    return Optional.of(
                            name
                                    + "."
                                    + param.getKey()
                                    + " is in this run's model, not in the"
                                    + " checkpoint's");
                }
                if (!Arrays.equals(saved.shape(), param.getValue().shape())) {
                    return Optional.of(
                            name
                                    + "."
                                    + param.getKey()
                                    + " has shape "
                                    + Arrays.toString(saved.shape())
                                    + " in the checkpoint, "
                                    + Arrays.toString(param.getValue().shape())
                                    + " in this run's model");
                }
            }
            if (from.size() != to.size()) {
                return Optional.of(
                        name
                                + " has parameters "
                                + from.keySet()
                                + " in the checkpoint, "
                                + to.keySet()
                                + " in this run's model");
            }
        }
        for (Layer layer : source.getLayers()) {
            String name = layer.conf().getLayer().getLayerName();
            if (target.getVertex(name) == null) {
                return Optional.of(
                        "layer " + name + " is in the checkpoint's model, not in this run's");
            }
        }
        return Optional.empty();
    }

    /**
     * Copies every parameter of {@code source} into {@code target} (the output layer's too unless
     * {@code skipOutput}); call after {@link #firstDifference} found none.
     */
    static void copy(ComputationGraph source, ComputationGraph target, boolean skipOutput) {
        for (Layer layer : target.getLayers()) {
            String name = layer.conf().getLayer().getLayerName();
            if (skipOutput && name.equals(ModelSpec.CLASSES)) {
                continue;
            }
            Map<String, INDArray> from = source.getLayer(name).paramTable();
            for (Map.Entry<String, INDArray> param : layer.paramTable().entrySet()) {
                // assign into the view: the target's flat parameter array stays the one it trains
                param.getValue()
                        .assign(from.get(param.getKey()).castTo(param.getValue().dataType()));
            }
        }
    }
}
