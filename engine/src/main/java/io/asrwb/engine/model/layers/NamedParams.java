package io.asrwb.engine.model.layers;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.deeplearning4j.nn.api.ParamInitializer;
import org.deeplearning4j.nn.conf.NeuralNetConfiguration;
import org.deeplearning4j.nn.conf.layers.Layer;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.indexing.NDArrayIndex;

/**
 * A {@link ParamInitializer} for layers whose parameters are a fixed list of named c-order arrays
 * laid one after another in DL4J's flat parameter (and gradient) view.
 */
abstract class NamedParams implements ParamInitializer {

    /**
     * One parameter: its key, shape, whether it is a bias (no weight decay), and whether it is
     * state rather than trained (running statistics: no gradient, no updater, no weight decay).
     */
    record Param(String key, long[] shape, boolean bias, boolean state) {

        Param(String key, long[] shape, boolean bias) {
            this(key, shape, bias, false);
        }

        long length() {
            long n = 1;
            for (long s : shape) {
                n *= s;
            }
            return n;
        }
    }

    /** The layer's parameters in flat-view order. */
    abstract List<Param> params(Layer layer);

    /** Fills freshly created parameter views with their initial values. */
    abstract void initialise(Layer layer, Map<String, INDArray> views);

    @Override
    public long numParams(NeuralNetConfiguration conf) {
        return numParams(conf.getLayer());
    }

    @Override
    public long numParams(Layer layer) {
        return params(layer).stream().mapToLong(Param::length).sum();
    }

    @Override
    public List<String> paramKeys(Layer layer) {
        return params(layer).stream().map(Param::key).toList();
    }

    @Override
    public List<String> weightKeys(Layer layer) {
        return params(layer).stream().filter(p -> !p.bias() && !p.state()).map(Param::key).toList();
    }

    @Override
    public List<String> biasKeys(Layer layer) {
        return params(layer).stream().filter(Param::bias).map(Param::key).toList();
    }

    /** Keys of the parameters that are state (updated by the layer itself, not by the updater). */
    List<String> stateKeys(Layer layer) {
        return params(layer).stream().filter(Param::state).map(Param::key).toList();
    }

    @Override
    public boolean isWeightParam(Layer layer, String key) {
        return weightKeys(layer).contains(key);
    }

    @Override
    public boolean isBiasParam(Layer layer, String key) {
        return biasKeys(layer).contains(key);
    }

    @Override
    public Map<String, INDArray> init(
            NeuralNetConfiguration conf, INDArray paramsView, boolean initializeParams) {
        Map<String, INDArray> views = views(conf.getLayer(), paramsView);
        if (initializeParams) {
            initialise(conf.getLayer(), views);
        }
        return views;
    }

    @Override
    public Map<String, INDArray> getGradientsFromFlattened(
            NeuralNetConfiguration conf, INDArray gradientView) {
        return views(conf.getLayer(), gradientView);
    }

    private Map<String, INDArray> views(Layer layer, INDArray flat) {
        INDArray row = flat.reshape(flat.length());
        Map<String, INDArray> views = new LinkedHashMap<>();
        long offset = 0;
        List<Param> params = new ArrayList<>(params(layer));
        for (Param p : params) {
            INDArray segment = row.get(NDArrayIndex.interval(offset, offset + p.length()));
            views.put(p.key(), segment.reshape('c', p.shape()));
            offset += p.length();
        }
        if (offset != flat.length()) {
            throw new IllegalStateException(
                    "parameter view of layer "
                            + layer.getLayerName()
                            + " has "
                            + flat.length()
                            + " values, its parameters need "
                            + offset);
        }
        return views;
    }
}
