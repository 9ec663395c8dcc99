package io.asrwb.engine.model.layers;

import java.util.List;
import java.util.Map;
import org.deeplearning4j.nn.conf.layers.Layer;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * Parameters of {@link MaskedDepthwiseConv1d}: weights {@code W [C, k]} (PyTorch's {@code [C, 1,
 * k]} of a {@code groups=C} convolution), initialised uniform in ±1/√k (PyTorch's default: the
 * fan-in of a depthwise kernel is its k taps), or, for a layer that {@linkplain
 * MaskedDepthwiseConv1d#startingAsIdentity() starts as the identity}, 1 on the centre tap and 0
 * elsewhere.
 */
final class MaskedDepthwiseConv1dParams extends NamedParams {

    static final MaskedDepthwiseConv1dParams INSTANCE = new MaskedDepthwiseConv1dParams();
    static final String WEIGHTS = "W";

    private MaskedDepthwiseConv1dParams() {}

    @Override
    List<Param> params(Layer layer) {
        MaskedDepthwiseConv1d conf = (MaskedDepthwiseConv1d) layer;
        return List.of(
                new Param(WEIGHTS, new long[] {conf.getNIn(), conf.getKernelFrames()}, false));
    }

    @Override
    void initialise(Layer layer, Map<String, INDArray> views) {
        MaskedDepthwiseConv1d conf = (MaskedDepthwiseConv1d) layer;
        INDArray w = views.get(WEIGHTS);
        if (conf.isIdentityStart()) {
            w.assign(0);
            w.getColumn(conf.getKernelFrames() / 2).assign(1);
            return;
        }
        double bound = 1.0 / Math.sqrt(conf.getKernelFrames());
        w.assign(Nd4j.rand(w.dataType(), w.shape()).muli(2 * bound).subi(bound));
    }
}
