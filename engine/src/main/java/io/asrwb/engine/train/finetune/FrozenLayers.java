package io.asrwb.engine.train.finetune;

import io.asrwb.engine.config.FreezeNames;
import io.asrwb.engine.model.ModelSpec;
import io.asrwb.engine.model.layers.MaskedBatchNorm;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.deeplearning4j.nn.conf.ComputationGraphConfiguration;
import org.deeplearning4j.nn.conf.graph.GraphVertex;
import org.deeplearning4j.nn.conf.graph.LayerVertex;
import org.deeplearning4j.nn.conf.layers.BaseLayer;

/**
 * Freezes layers in a model's configuration before it is built: their parameters get a {@link
 * FrozenUpdater} and no weight decay, and a frozen batch norm stops moving its running statistics
 * (momentum 0), so a frozen layer stays bit for bit as the checkpoint had it.
 */
public final class FrozenLayers {

    private FrozenLayers() {}

    /**
     * The graph's layers a {@link FreezeNames} name stands for: {@code conv.N} is vertex {@code
     * conv<N+1>} with its {@code _bn}, {@code rnn.N} is {@code lstm<N+1>} with the batch norm in
     * front of it, {@code rnn} every vertex named {@code lstm…} (the LSTMs, their batch norms and
     * the lookahead convolution after them), {@code output} the per-frame linear map.
     */
    static List<String> vertices(ComputationGraphConfiguration conf, String name) {
        List<String> found = new ArrayList<>();
        String[] parts = name.split("\\.", 2);
        String prefix =
                switch (parts[0]) {
                    case FreezeNames.CONV -> "conv";
                    case FreezeNames.RNN -> "lstm";
                    case FreezeNames.OUTPUT -> ModelSpec.CLASSES;
                    default -> throw unknown(name);
                };
        for (String vertex : conf.getVertices().keySet()) {
            boolean match =
                    parts.length == 1
                            ? vertex.startsWith(prefix)
                            : vertex.equals(prefix + (Integer.parseInt(parts[1]) + 1))
                                    || vertex.equals(
                                            prefix + (Integer.parseInt(parts[1]) + 1) + "_bn");
            if (match) {
                found.add(vertex);
            }
        }
        if (found.isEmpty()) {
            throw unknown(name);
        }
        return found;
    }

    /** Freezes the layers {@code names} stand for in {@code conf}; returns the vertices frozen. */
    public static List<String> apply(ComputationGraphConfiguration conf, List<String> names) {
        List<String> frozen = new ArrayList<>();
        for (String name : names) {
            for (String vertexName : vertices(conf, name)) {
                GraphVertex vertex = conf.getVertices().get(vertexName);
                if (vertex instanceof LayerVertex lv
                        && lv.getLayerConf().getLayer() instanceof BaseLayer layer) {
                    layer.setIUpdater(new FrozenUpdater());
                    layer.setBiasUpdater(new FrozenUpdater());
                    layer.setRegularization(List.of());
                    layer.setRegularizationBias(List.of());
                    if (layer instanceof MaskedBatchNorm norm) {
                        norm.setMomentum(0);
                    }
                    frozen.add(vertexName);
                }
            }
        }
        return frozen;
    }

    private static IllegalArgumentException unknown(String name) {
        return new IllegalArgumentException(
                String.format(
                        Locale.ROOT,
                        "train.freeze: no layer '%s' in this model (see the names `asrwb train"
                                + " --help` lists)",
                        name));
    }
}
