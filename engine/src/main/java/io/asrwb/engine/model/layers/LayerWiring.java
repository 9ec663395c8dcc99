package io.asrwb.engine.model.layers;

import java.util.Collection;
import org.deeplearning4j.nn.api.ParamInitializer;
import org.deeplearning4j.nn.conf.NeuralNetConfiguration;
import org.deeplearning4j.nn.layers.BaseLayer;
import org.deeplearning4j.optimize.api.TrainingListener;
import org.nd4j.linalg.api.ndarray.INDArray;

/** What every custom layer's {@code instantiate} does once its runtime object exists. */
final class LayerWiring {

    private LayerWiring() {}

    /** Gives {@code layer} its listeners, index and parameter views (initialised when asked). */
    static <L extends BaseLayer<?>> L wire(
            L layer,
            NeuralNetConfiguration conf,
            Collection<TrainingListener> listeners,
            int layerIndex,
            INDArray layerParamsView,
            boolean initializeParams,
            ParamInitializer initializer) {
        layer.setListeners(listeners);
        layer.setIndex(layerIndex);
        layer.setParamsViewArray(layerParamsView);
        layer.setParamTable(initializer.init(conf, layerParamsView, initializeParams));
        layer.setConf(conf);
        return layer;
    }
}
