package io.asrwb.engine.model.layers;

import java.util.List;
import java.util.Map;
import org.deeplearning4j.nn.conf.layers.Layer;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * Parameters of {@link MaskedConv2d}: weights {@code W [oC, iC, kF, kT]} and, unless the layer
 * has none, bias {@code b [oC]}, initialised uniform in ±1/√fan-in (PyTorch's default for convolutions).
 */
final class MaskedConv2dParams extends NamedParams {

    static final MaskedConv2dParams INSTANCE = new MaskedConv2dParams();
    static final String WEIGHTS = "W";
    static final String BIAS = "b";

    private MaskedConv2dParams() {}

    @Override
    List<Param> params(Layer layer) {
        MaskedConv2d conf = (MaskedConv2d) layer;
        ConvGeometry g = conf.geometry();
        Param weights =
                new Param(
                        WEIGHTS,
                        new long[] {
                            conf.getOutChannels(),
                            conf.getInChannels(),
                            g.kernelBins(),
                            g.kernelFrames()
                        },
                        false);
        return conf.isHasBias()
                ? List.of(weights, new Param(BIAS, new long[] {conf.getOutChannels()}, true))
                : List.of(weights);
    }

    @Override
    void initialise(Layer layer, Map<String, INDArray> views) {
        MaskedConv2d conf = (MaskedConv2d) layer;
        ConvGeometry g = conf.geometry();
        double bound =
                1.0 / Math.sqrt((double) conf.getInChannels() * g.kernelBins() * g.kernelFrames());
        for (INDArray view : views.values()) {
            view.assign(Nd4j.rand(view.dataType(), view.shape()).muli(2 * bound).subi(bound));
        }
    }
}
