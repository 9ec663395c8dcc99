package io.asrwb.engine.train;

import io.asrwb.engine.config.OptimConfig;
import io.asrwb.engine.model.ModelSpec;
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
 * A run's acoustic model: an architecture ({@link ModelSpec}, from {@code ModelSpecs}) built into a
 * DL4J graph with the run's optimizer, learning-rate schedule and weight decay.
 */
public final class SpeechModels {

    private SpeechModels() {}

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
