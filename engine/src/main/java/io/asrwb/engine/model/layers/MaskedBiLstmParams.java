package io.asrwb.engine.model.layers;

import java.util.List;
import java.util.Map;
import org.deeplearning4j.nn.conf.layers.Layer;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.linalg.indexing.NDArrayIndex;

/**
 * Parameters of {@link MaskedBiLstm}: input weights {@code W [nIn, D·4H]} (forward then backward
 * direction, gates i f o g), recurrent weights {@code RW [D, H, 4H]}, bias {@code b [1, D·4H]}; D
 * = 2 directions, or 1 for a forward-only layer.
 * Initialised uniform in ±1/√H (as PyTorch does), forget-gate bias shifted by the configured value.
 */
final class MaskedBiLstmParams extends NamedParams {

    static final MaskedBiLstmParams INSTANCE = new MaskedBiLstmParams();
    static final String INPUT_WEIGHTS = "W";
    static final String RECURRENT_WEIGHTS = "RW";
    static final String BIAS = "b";

    private MaskedBiLstmParams() {}

    @Override
    List<Param> params(Layer layer) {
        MaskedBiLstm conf = (MaskedBiLstm) layer;
        long h = conf.getHiddenSize();
        long d = conf.directions();
        return List.of(
                new Param(INPUT_WEIGHTS, new long[] {conf.getNIn(), d * 4 * h}, false),
                new Param(RECURRENT_WEIGHTS, new long[] {d, h, 4 * h}, false),
                new Param(BIAS, new long[] {1, d * 4 * h}, true));
    }

    @Override
    void initialise(Layer layer, Map<String, INDArray> views) {
        MaskedBiLstm conf = (MaskedBiLstm) layer;
        long h = conf.getHiddenSize();
        double bound = 1.0 / Math.sqrt((double) h);
        for (INDArray view : views.values()) {
            view.assign(Nd4j.rand(view.dataType(), view.shape()).muli(2 * bound).subi(bound));
        }
        INDArray bias = views.get(BIAS);
        for (long direction = 0; direction < conf.directions(); direction++) {
            long forget = direction * 4 * h + h;
            bias.get(NDArrayIndex.point(0), NDArrayIndex.interval(forget, forget + h))
                    .addi(conf.getForgetGateBias());
        }
    }
}
