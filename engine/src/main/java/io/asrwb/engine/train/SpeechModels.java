package io.asrwb.engine.train;

import io.asrwb.engine.config.Conv1dLayer;
import io.asrwb.engine.config.ConvLayer;
import io.asrwb.engine.config.Ds2Config;
import io.asrwb.engine.config.ModelConfig;
import io.asrwb.engine.config.OptimConfig;
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
import org.deeplearning4j.nn.conf.ComputationGraphConfiguration;
import org.deeplearning4j.nn.conf.graph.GraphVertex;
import org.deeplearning4j.nn.conf.graph.LayerVertex;
import org.deeplearning4j.nn.conf.layers.BaseLayer;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.learning.config.Adam;
import org.nd4j.linalg.learning.config.IUpdater;
import org.nd4j.linalg.learning.config.Nesterovs;
import org.nd4j.linalg.learning.regularization.L2Regularization;
import org.nd4j.linalg.learning.regularization.Regularization;
import org.nd4j.linalg.learning.regularization.WeightDecay;

/**
 * A run's acoustic model: the config's architecture as a {@link ModelSpec}, built into a DL4J graph
 * with the run's optimizer, learning-rate schedule and weight decay.
 */
public final class SpeechModels {

    private SpeechModels() {}

    /** The architecture a config describes, for {@code featureCount} inputs and {@code classes} outputs. */
    public static ModelSpec spec(ModelConfig model, int featureCount, int classes) {
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
                    ds2.bidirectional());
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

    /**
     * A freshly initialised model.
     *
     * @param learningRate the run's schedule, read at the run's step
     */
    public static ComputationGraph build(
            ModelSpec spec, OptimConfig optim, StepLearningRate learningRate, long seed) {
        return initialised(configuration(spec, optim, learningRate, seed));
    }

    /** {@code configuration} built and initialised (from its seed). */
    public static ComputationGraph initialised(ComputationGraphConfiguration configuration) {
        ComputationGraph graph = new ComputationGraph(configuration);
        graph.init();
        return graph;
    }

    /**
     * The configuration {@link #build} initialises: what a model's fingerprint is taken from
     * without drawing its weights, and what fine-tuning changes (frozen layers) before building.
     */
    public static ComputationGraphConfiguration configuration(
            ModelSpec spec, OptimConfig optim, StepLearningRate learningRate, long seed) {
        ComputationGraphConfiguration configuration =
                spec.configuration(seed, DataType.FLOAT, updater(optim, learningRate));
        if (optim.weightDecay() > 0) {
            Regularization decay =
                    optim.optimizer() == OptimConfig.Optimizer.ADAMW
                            ? new WeightDecay(optim.weightDecay(), true)
                            : new L2Regularization(optim.weightDecay());
            for (GraphVertex vertex : configuration.getVertices().values()) {
                if (vertex instanceof LayerVertex lv
                        && lv.getLayerConf().getLayer() instanceof BaseLayer layer) {
                    List<Regularization> all = new ArrayList<>(layer.getRegularization());
                    all.add(decay);
                    layer.setRegularization(all);
                }
            }
        }
        return configuration;
    }

    private static IUpdater updater(OptimConfig optim, StepLearningRate learningRate) {
        return switch (optim.optimizer()) {
            case ADAM, ADAMW -> {
                Adam adam = new Adam(learningRate);
                adam.setBeta1(optim.beta1());
                adam.setBeta2(optim.beta2());
                adam.setEpsilon(optim.epsilon());
                yield adam;
            }
            case SGD_NESTEROV -> new Nesterovs(learningRate, optim.momentum());
        };
    }
}
