package io.asrwb.engine.inference;

import io.asrwb.engine.config.Conv1dLayer;
import io.asrwb.engine.config.ConvLayer;
import io.asrwb.engine.config.Ds2Config;
import io.asrwb.engine.config.ModelConfig;
import io.asrwb.engine.config.QuartzBlock;
import io.asrwb.engine.config.QuartzNetConfig;
import io.asrwb.engine.config.Wav2LetterConfig;
import io.asrwb.engine.model.ConvLayerSpec;
import io.asrwb.engine.model.Ds2Spec;
import io.asrwb.engine.model.ModelSpec;
import io.asrwb.engine.model.QuartzBlockSpec;
import io.asrwb.engine.model.QuartzNetSpec;
import io.asrwb.engine.model.Wav2LetterSpec;
import io.asrwb.engine.model.layers.ConvGeometry;
import io.asrwb.engine.model.layers.DirectionMerge;
import io.asrwb.engine.model.layers.FrontEndActivation;
import java.util.ArrayList;
import java.util.List;

/**
 * The architecture a model config describes, as a {@link ModelSpec}: what inference rebuilds from
 * a checkpoint's config and training builds its graph from, with no optimizer in sight.
 */
public final class ModelSpecs {

    private ModelSpecs() {}

    /** The architecture a config describes, for {@code featureCount} inputs and {@code classes} outputs. */
    public static ModelSpec of(ModelConfig model, int featureCount, int classes) {
        if (model instanceof Ds2Config ds2) {
            List<ConvLayerSpec> convs = new ArrayList<>();
            for (ConvLayer c : ds2.conv()) {
                convs.add(
                        new ConvLayerSpec(
                                c.channels(),
                                new ConvGeometry(
                                        c.kernelFreq(),
                                        c.kernelTime(),
                                        c.strideFreq(),
                                        c.strideTime(),
                                        c.padFreq(),
                                        c.padTime())));
            }
            return new Ds2Spec(
                    convs,
                    FrontEndActivation.HARDTANH_0_20,
                    ds2.rnnLayers(),
                    ds2.hiddenSize(),
                    ds2.merge() == Ds2Config.DirectionMerge.SUM
                            ? DirectionMerge.SUM
                            : DirectionMerge.CONCAT,
                    featureCount,
                    classes,
                    ds2.convBatchNorm(),
                    ds2.rnnBatchNorm(),
                    ds2.bidirectional(),
                    ds2.lookaheadFrames(),
                    ds2.chunkFrames(),
                    ds2.chunkLookaheadFrames());
        }
        if (model instanceof QuartzNetConfig quartz) {
            List<QuartzBlockSpec> blocks = new ArrayList<>();
            for (QuartzBlock b : quartz.blocks()) {
                blocks.add(
                        new QuartzBlockSpec(
                                b.channels(),
                                b.kernel(),
                                b.repeat(),
                                b.stride(),
                                b.dilation(),
                                b.dropout(),
                                b.residual(),
                                b.separable()));
            }
            return new QuartzNetSpec(blocks, featureCount, classes);
        }
        Wav2LetterConfig w2l = (Wav2LetterConfig) model;
        List<ConvLayerSpec> convs = new ArrayList<>();
        List<Double> dropout = new ArrayList<>();
        for (Conv1dLayer c : w2l.layers()) {
            convs.add(
                    new ConvLayerSpec(
                            c.channels(),
                            ConvGeometry.sameOverTime(c.kernel(), c.stride(), c.dilation())));
            dropout.add(c.dropout());
        }
        return new Wav2LetterSpec(
                convs, dropout, w2l.batchNorm(), FrontEndActivation.RELU, featureCount, classes);
    }
}
