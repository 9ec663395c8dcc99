package io.asrwb.engine.model.layers;

import java.util.List;
import java.util.Map;
import org.deeplearning4j.nn.conf.layers.Layer;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * Parameters of {@link MaskedBatchNorm}, each {@code [C]}: scale {@code gamma} (1) and shift
 * {@code beta} (0), trained, without weight decay; running mean (0) and running variance (1),
 * state the layer moves itself.
 */
final class MaskedBatchNormParams extends NamedParams {

    static final MaskedBatchNormParams INSTANCE = new MaskedBatchNormParams();
    static final String GAMMA = "gamma";
    static final String BETA = "beta";
    static final String RUNNING_MEAN = "runningMean";
    static final String RUNNING_VAR = "runningVar";

    private MaskedBatchNormParams() {}

    @Override
    List<Param> params(Layer layer) {
        long[] perChannel = {((MaskedBatchNorm) layer).getChannels()};
        return List.of(
                new Param(GAMMA, perChannel, true),
                new Param(BETA, perChannel, true),
                new Param(RUNNING_MEAN, perChannel, false, true),
                new Param(RUNNING_VAR, perChannel, false, true));
    }

    @Override
    void initialise(Layer layer, Map<String, INDArray> views) {
        views.get(GAMMA).assign(1);
        views.get(BETA).assign(0);
        views.get(RUNNING_MEAN).assign(0);
        views.get(RUNNING_VAR).assign(1);
    }
}
